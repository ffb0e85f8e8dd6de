import { byteOrderMarkLength } from '../metadata/byte-order-mark';

/** A run of a note's lines, numbered 1-based over the whole file (frontmatter included), as editors number them. */
export interface LineSlice {
  /** The lines exactly as in the file, line breaks (`\n` or `\r\n`) kept; each prefixed `N: ` when numbered. */
  lines: string;
  from_line: number;
  /** The last line returned; below `from_line` when none was (the range starts past the end). */
  to_line: number;
  total_lines: number;
}

/** What to take of the lines: from `from` (1-based), at most `count` of them, numbered or not. */
export interface LineRange {
  from?: number;
  count?: number;
  numbered?: boolean;
}

/**
 * Lines of `text`. Lines break at `\n` (a `\r` before it belongs to the break, as in the
 * metadata parser); a final line break ends the last line and starts none (`a\nb\n` has two
 * lines, as `wc -l` and `cat -n` count), so an empty text has none. A leading byte order mark
 * belongs to no line. Without numbering, the result is a substring of `text`.
 */
export function sliceLines(text: string, range: LineRange = {}): LineSlice {
  const starts = lineStarts(text);
  const total = starts.length;
  const from = range.from ?? 1;
  const last = Math.min(total, range.count === undefined ? total : from - 1 + range.count);
  const lineText = (line: number) => text.slice(starts[line - 1], starts[line] ?? text.length);
  let lines = '';
  if (from <= last) lines = range.numbered === true ? numberLines(from, last, lineText) : text.slice(starts[from - 1], starts[last] ?? text.length);
  return { lines, from_line: from, to_line: last, total_lines: total };
}

/** The 1-based line of `text` holding offset `offset` (a line break belongs to the line it ends). */
export function lineAtOffset(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line += 1;
  return line;
}

/** Offsets where each line starts; none for an empty text, no extra one after a final line break. */
function lineStarts(text: string): number[] {
  const first = byteOrderMarkLength(text);
  if (first === text.length) return [];
  const starts = [first];
  for (let index = text.indexOf('\n'); index !== -1 && index + 1 < text.length; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

function numberLines(from: number, last: number, lineText: (line: number) => string): string {
  const parts: string[] = [];
  for (let line = from; line <= last; line += 1) parts.push(`${line}: ${lineText(line)}`);
  return parts.join('');
}
