import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import { findFrontmatterSpan } from './frontmatter-span';
import { insertBlockAt, toInsertedBlock } from './inserted-markdown';
import { detectLineEnding } from './line-ending';

/**
 * Appends markdown on its own line(s) at the end of the note (a line break is added first when
 * the last line has none). No blank line is added. Throws `invalid_input` for blank markdown.
 */
export function appendBody(text: string, markdown: string): string {
  const lineEnding = detectLineEnding(text);
  return insertBlockAt(text, text.length, toInsertedBlock(markdown, lineEnding, 'append_body'), lineEnding);
}

/**
 * Inserts markdown on its own line(s) at the start of the body: right after the frontmatter
 * block's closing `---` line, or at the start of a note without frontmatter (after a byte order
 * mark, which stays first). Throws `invalid_input` for blank markdown.
 */
export function prependBody(text: string, markdown: string): string {
  const lineEnding = detectLineEnding(text);
  const block = toInsertedBlock(markdown, lineEnding, 'prepend_body');
  return insertBlockAt(text, findFrontmatterSpan(text)?.blockEnd ?? byteOrderMarkLength(text), block, lineEnding);
}
