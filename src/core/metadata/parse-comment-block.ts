import type { ContentLine } from './content-line';
import { type BlockResult, lastNonBlank, lineAtIndex } from './block-result';
import { delimiterStart, findInLines, restIsBlank } from './parse-leaf-blocks';

/**
 * A `%% … %%` block comment starting a line. Obsidian gives it a `comment` section and no list
 * items or headings, yet still indexes tags and links inside (comments_markdown_style capture),
 * so the text between the delimiters is kept for inline scanning. A comment that never closes
 * runs to the end of its container; one closed mid-line by other text is left to the paragraph.
 */
export function commentBlockAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const first = lineAtIndex(lines, index);
  const opening = delimiterStart(content, first, '%%');
  if (opening === -1) return null;
  const closing = findInLines(content, lines, index, opening + 2, '%%');
  if (closing === null) return unclosedComment(content, lines, index, opening + 2);
  const closingLine = lineAtIndex(lines, closing.lineIndex);
  if (closing.lineIndex === index && !restIsBlank(content, closing.at + 2, closingLine)) return null;
  const end = restIsBlank(content, closing.at + 2, closingLine) ? closing.at + 2 : closingLine.end;
  const innerLines = innerContent(lines, index, opening + 2, closing.lineIndex, closing.at);
  return { node: { kind: 'comment', start: first.start, end, innerLines }, next: closing.lineIndex + 1 };
}

/** A comment without its closing `%%`: everything to the end of the container. */
function unclosedComment(content: string, lines: ContentLine[], index: number, innerStart: number): BlockResult {
  const last = lastNonBlank(lines, index, lines.length, content);
  const lastLine = lineAtIndex(lines, last);
  const innerLines = innerContent(lines, index, innerStart, last, lastLine.end);
  return { node: { kind: 'comment', start: lineAtIndex(lines, index).start, end: lastLine.end, innerLines }, next: lines.length };
}

/** The content lines between the delimiters. */
function innerContent(lines: ContentLine[], from: number, innerStart: number, to: number, innerEnd: number): ContentLine[] {
  const inner: ContentLine[] = [];
  for (let index = from; index <= to; index += 1) {
    const line = lineAtIndex(lines, index);
    const start = index === from ? innerStart : line.start;
    const end = index === to ? innerEnd : line.end;
    inner.push({ line: line.line, start, end: Math.max(start, end) });
  }
  return inner;
}
