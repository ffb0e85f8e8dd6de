import type { ContentLine } from './content-line';
import { isBlank, measureIndent } from './content-line';
import { atxHeadingAt, fenceOpenAt, isFenceClose, isOnlyWhitespace, isThematicBreak } from './block-starts';
import { endsHtmlBlock, htmlBlockKind } from './html-block-start';
import { type BlockResult, lastNonBlank, lineAtIndex } from './block-result';

/** Parsers for blocks whose content is not markdown: code, HTML, thematic breaks, headings. */

/** An indented code block: lines indented four columns or more (blank lines allowed inside). */
export function indentedCodeAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const first = lineAtIndex(lines, index);
  if (measureIndent(content, first).columns < 4) return null;
  let next = index + 1;
  while (next < lines.length) {
    const line = lineAtIndex(lines, next);
    if (!isBlank(content, line) && measureIndent(content, line).columns < 4) break;
    next += 1;
  }
  const last = lastNonBlank(lines, index, next, content);
  return { node: { kind: 'code', start: first.start, end: lineAtIndex(lines, last).end }, next: last + 1 };
}

/** A fenced code block; an unclosed fence runs to the end of its container. */
export function fencedCodeAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const first = lineAtIndex(lines, index);
  const fence = fenceOpenAt(content, first);
  if (fence === null) return null;
  for (let next = index + 1; next < lines.length; next += 1) {
    const line = lineAtIndex(lines, next);
    if (isFenceClose(content, line, fence)) {
      return { node: { kind: 'code', start: first.start, end: line.end }, next: next + 1 };
    }
  }
  const last = lastNonBlank(lines, index, lines.length, content);
  return { node: { kind: 'code', start: first.start, end: lineAtIndex(lines, last).end }, next: lines.length };
}

/** An HTML block: kinds 1–5 end at their end marker, kinds 6–7 at a blank line. */
export function htmlBlockAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const first = lineAtIndex(lines, index);
  const kind = htmlBlockKind(content, first);
  if (kind === 0) return null;
  let next = index;
  while (next < lines.length) {
    const line = lineAtIndex(lines, next);
    if (kind >= 6 && isBlank(content, line)) break;
    next += 1;
    if (kind <= 5 && endsHtmlBlock(content, line, kind)) break;
  }
  const last = lastNonBlank(lines, index, next, content);
  return { node: { kind: 'html', start: first.start, end: lineAtIndex(lines, last).end }, next: last + 1 };
}

/** A thematic break (`---`, `***`, `___`). */
export function thematicBreakAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const line = lineAtIndex(lines, index);
  if (!isThematicBreak(content, line)) return null;
  return { node: { kind: 'thematicBreak', start: line.start, end: line.end }, next: index + 1 };
}

/** An ATX heading; its position covers the whole line, its text drops markers and spaces. */
export function atxHeadingBlockAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const line = lineAtIndex(lines, index);
  const heading = atxHeadingAt(content, line);
  if (heading === null) return null;
  const textLine: ContentLine = { line: line.line, start: heading.textStart, end: heading.textEnd };
  return {
    node: {
      kind: 'heading',
      level: heading.level,
      text: content.slice(heading.textStart, heading.textEnd),
      textLines: [textLine],
      start: line.start,
      end: line.end,
    },
    next: index + 1,
  };
}

/** A `$$` math block; unclosed `$$` is left to the paragraph parser. */
export function mathBlockAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const first = lineAtIndex(lines, index);
  const opening = delimiterStart(content, first, '$$');
  if (opening === -1) return null;
  const closing = findInLines(content, lines, index, opening + 2, '$$');
  if (closing === null) return null;
  return { node: { kind: 'math', start: first.start, end: lineAtIndex(lines, closing.lineIndex).end }, next: closing.lineIndex + 1 };
}

/** Where a needle was found: the content line index and the absolute offset. */
export interface FoundInLines {
  lineIndex: number;
  at: number;
}

/**
 * Finds the first `needle` at or after `from` that lies wholly inside one of the content lines
 * `lines[index…]`. One forward-moving search, so scanning many lines stays linear.
 */
export function findInLines(content: string, lines: ContentLine[], index: number, from: number, needle: string): FoundInLines | null {
  let cursor = content.indexOf(needle, from);
  for (let lineIndex = index; lineIndex < lines.length && cursor !== -1; lineIndex += 1) {
    const line = lineAtIndex(lines, lineIndex);
    if (cursor < Math.max(line.start, from)) cursor = content.indexOf(needle, Math.max(line.start, from));
    if (cursor !== -1 && cursor + needle.length <= line.end) return { lineIndex, at: cursor };
  }
  return null;
}

/** Where `marker` begins when the line starts with it (indented at most three columns), else -1. */
export function delimiterStart(content: string, line: ContentLine, marker: string): number {
  const indent = measureIndent(content, line);
  if (indent.columns > 3 || !content.startsWith(marker, indent.textStart)) return -1;
  return indent.textStart;
}

/** True when only spaces and tabs follow `from` on the line. */
export function restIsBlank(content: string, from: number, line: ContentLine): boolean {
  return isOnlyWhitespace(content, from, line.end);
}
