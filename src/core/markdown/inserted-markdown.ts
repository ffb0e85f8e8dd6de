import { IndxError } from '../errors';
import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import { withLineEnding, type LineEnding } from './line-ending';

/**
 * Prepares markdown an op inserts: refuses blank markdown with `invalid_input` (naming the op),
 * converts its line breaks to the note's and makes it end with exactly the line breaks it had,
 * or one when it had none, so that it sits on its own line(s).
 */
export function toInsertedBlock(markdown: string, lineEnding: LineEnding, operation: string): string {
  assertNotBlank(markdown, operation);
  const converted = withLineEnding(markdown, lineEnding);
  return converted.endsWith(lineEnding) ? converted : converted + lineEnding;
}

/** Throws `invalid_input` when `markdown` has no visible character. */
export function assertNotBlank(markdown: string, operation: string): void {
  if (markdown.trim() === '') {
    throw new IndxError('invalid_input', `${operation} needs non-empty markdown to write. Pass the markdown text to insert.`, { op: operation });
  }
}

/** Drops blank lines at the start and at the end of `markdown` (the caller decides spacing). */
export function trimBlankLines(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*(?:\r\n|\r|\n))+/, '').replace(/(?:(?:\r\n|\r|\n)[ \t]*)+$/, '');
}

/**
 * Inserts `block` (which ends with a line break) at `offset`, a line start (line 0 starts after a
 * byte order mark) or the end of the text; at the end of a text whose last line has no line
 * break, one is added first.
 */
export function insertBlockAt(text: string, offset: number, block: string, lineEnding: LineEnding): string {
  const separator = offset > byteOrderMarkLength(text) && text[offset - 1] !== '\n' ? lineEnding : '';
  // Appending without slicing keeps `text` a rope: many appends in one patch stay linear.
  if (offset === text.length) return text + separator + block;
  return text.slice(0, offset) + separator + block + text.slice(offset);
}
