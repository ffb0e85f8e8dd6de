import { type ContentLine, isBlank } from './content-line';
import { interruptsParagraph } from './block-interrupts';
import { type BlockResult, lineAtIndex } from './block-result';

/** One delimiter cell: dashes with optional alignment colons. */
const DELIMITER_CELL = /^:?-+:?$/;

/**
 * A GFM table: a header row with a `|`, then a delimiter row with as many cells; rows follow
 * until a blank line or a line that starts another block.
 */
export function tableAt(content: string, lines: ContentLine[], index: number): BlockResult | null {
  const header = lineAtIndex(lines, index);
  const delimiter = lines[index + 1];
  if (delimiter === undefined || !hasDelimiterShape(content, delimiter) || !lineIncludes(content, header, 124)) return null;
  const columns = delimiterColumns(content.slice(delimiter.start, delimiter.end));
  if (columns === 0 || columns !== splitCells(content.slice(header.start, header.end)).length) return null;
  const rows = [header];
  let next = index + 2;
  while (next < lines.length) {
    const line = lineAtIndex(lines, next);
    if (isBlank(content, line) || interruptsParagraph(content, line)) break;
    rows.push(line);
    next += 1;
  }
  return { node: { kind: 'table', start: header.start, end: lineAtIndex(lines, next - 1).end, rows }, next };
}

/** Cheap first check: the line holds only `|`, `:`, `-`, spaces and tabs, and some `-`. */
function hasDelimiterShape(content: string, line: ContentLine): boolean {
  let dashes = 0;
  for (let index = line.start; index < line.end; index += 1) {
    const code = content.charCodeAt(index);
    if (code === 45) dashes += 1;
    else if (code !== 124 && code !== 58 && code !== 32 && code !== 9) return false;
  }
  return dashes > 0;
}

/** True when the line holds the character `code`. */
function lineIncludes(content: string, line: ContentLine, code: number): boolean {
  for (let index = line.start; index < line.end; index += 1) {
    if (content.charCodeAt(index) === code) return true;
  }
  return false;
}

/** The number of cells of a valid delimiter row, or 0. */
function delimiterColumns(text: string): number {
  if (!text.includes('-')) return 0;
  const cells = splitCells(text);
  return cells.every((cell) => DELIMITER_CELL.test(cell)) ? cells.length : 0;
}

/** Splits a row at unescaped pipes, dropping the optional outer pipes; cells are trimmed. */
function splitCells(text: string): string[] {
  let row = text.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cellStart = 0;
  for (let index = 0; index < row.length; index += 1) {
    const code = row.charCodeAt(index);
    if (code === 92) index += 1;
    else if (code === 124) {
      cells.push(row.slice(cellStart, index).trim());
      cellStart = index + 1;
    }
  }
  cells.push(row.slice(cellStart).trim());
  return cells;
}
