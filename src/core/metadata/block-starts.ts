import { type ContentLine, isSpaceOrTab, measureIndent } from './content-line';

/**
 * Recognisers for the first line of leaf blocks (CommonMark rules, as Obsidian follows them).
 * Each looks at one content line and allows at most three columns of indentation.
 */

/** Where the text of a line begins when it is indented by at most three columns, else -1. */
export function blockTextStart(content: string, line: ContentLine): number {
  const indent = measureIndent(content, line);
  return indent.columns < 4 ? indent.textStart : -1;
}

/** True when the line's text (indented at most three columns) starts with `marker`. */
export function startsWithMarker(content: string, line: ContentLine, marker: string): boolean {
  const textStart = blockTextStart(content, line);
  return textStart !== -1 && content.startsWith(marker, textStart);
}

/** An ATX heading line: its level and the span of its text (markers and closing #s removed). */
export interface AtxHeading {
  level: number;
  textStart: number;
  textEnd: number;
}

/** Recognises `# text` … `###### text`; the closing `#` run is dropped as CommonMark says. */
export function atxHeadingAt(content: string, line: ContentLine): AtxHeading | null {
  const textStart = blockTextStart(content, line);
  if (textStart === -1) return null;
  let index = textStart;
  while (index < line.end && content.charCodeAt(index) === 35) index += 1;
  const level = index - textStart;
  if (level < 1 || level > 6) return null;
  if (index < line.end && !isSpaceOrTab(content.charCodeAt(index))) return null;
  return { level, ...headingTextSpan(content, index, line.end) };
}

/** Trims the heading text and removes an optional closing sequence of `#`. */
function headingTextSpan(content: string, from: number, to: number): { textStart: number; textEnd: number } {
  let start = from;
  let end = to;
  while (start < end && isSpaceOrTab(content.charCodeAt(start))) start += 1;
  while (end > start && isSpaceOrTab(content.charCodeAt(end - 1))) end -= 1;
  let hashes = end;
  while (hashes > start && content.charCodeAt(hashes - 1) === 35) hashes -= 1;
  if (hashes < end && (hashes === start || isSpaceOrTab(content.charCodeAt(hashes - 1)))) {
    end = hashes;
    while (end > start && isSpaceOrTab(content.charCodeAt(end - 1))) end -= 1;
  }
  return { textStart: start, textEnd: end };
}

/** An opening code fence: its character, run length and indentation. */
export interface Fence {
  char: number;
  length: number;
  indent: number;
}

/** Recognises an opening fence (three or more backticks or tildes). */
export function fenceOpenAt(content: string, line: ContentLine): Fence | null {
  const indent = measureIndent(content, line);
  if (indent.columns > 3) return null;
  const char = content.charCodeAt(indent.textStart);
  if (char !== 96 && char !== 126) return null;
  const length = runLength(content, indent.textStart, line.end, char);
  if (length < 3) return null;
  if (char === 96 && content.slice(indent.textStart + length, line.end).includes('`')) return null;
  return { char, length, indent: indent.columns };
}

/** True when the line closes `fence`: the same character, at least as long, nothing after. */
export function isFenceClose(content: string, line: ContentLine, fence: Fence): boolean {
  const textStart = blockTextStart(content, line);
  if (textStart === -1 || content.charCodeAt(textStart) !== fence.char) return false;
  const length = runLength(content, textStart, line.end, fence.char);
  return length >= fence.length && isOnlyWhitespace(content, textStart + length, line.end);
}

/** Recognises a thematic break: three or more `-`, `*` or `_`, spaces allowed between. */
export function isThematicBreak(content: string, line: ContentLine): boolean {
  const textStart = blockTextStart(content, line);
  if (textStart === -1) return false;
  const char = content.charCodeAt(textStart);
  if (char !== 45 && char !== 42 && char !== 95) return false;
  let count = 0;
  for (let index = textStart; index < line.end; index += 1) {
    const code = content.charCodeAt(index);
    if (code === char) count += 1;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

/** The setext level a line would give the paragraph above it: 1 for `===`, 2 for `---`, else 0. */
export function setextLevel(content: string, line: ContentLine): number {
  const textStart = blockTextStart(content, line);
  if (textStart === -1) return 0;
  const char = content.charCodeAt(textStart);
  if (char !== 61 && char !== 45) return 0;
  const length = runLength(content, textStart, line.end, char);
  if (!isOnlyWhitespace(content, textStart + length, line.end)) return 0;
  return char === 61 ? 1 : 2;
}

/** Length of the run of `char` starting at `from`. */
export function runLength(content: string, from: number, to: number, char: number): number {
  let index = from;
  while (index < to && content.charCodeAt(index) === char) index += 1;
  return index - from;
}

/** True when `content[from, to)` holds only spaces and tabs. */
export function isOnlyWhitespace(content: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    if (!isSpaceOrTab(content.charCodeAt(index))) return false;
  }
  return true;
}
