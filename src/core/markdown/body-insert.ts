import { IndxError } from '../errors';
import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import { findFrontmatterSpan, type FrontmatterSpan } from './frontmatter-span';
import { insertBlockAt, toInsertedBlock } from './inserted-markdown';
import { detectLineEnding } from './line-ending';

/**
 * Appends markdown on its own line(s) at the end of the note (a line break is added first when
 * the last line has none). No blank line is added. Throws `invalid_input` for blank markdown.
 * `span` is the note's frontmatter block when the caller knows it already.
 */
export function appendBody(text: string, markdown: string, span = findFrontmatterSpan(text)): string {
  const lineEnding = detectLineEnding(text);
  return keepingFrontmatter(span, insertBlockAt(text, text.length, toInsertedBlock(markdown, lineEnding, 'append_body'), lineEnding), 'append_body');
}

/**
 * Inserts markdown on its own line(s) at the start of the body: right after the frontmatter
 * block's closing `---` line, or at the start of a note without frontmatter (after a byte order
 * mark, which stays first). Throws `invalid_input` for blank markdown.
 */
export function prependBody(text: string, markdown: string, span = findFrontmatterSpan(text)): string {
  const lineEnding = detectLineEnding(text);
  const block = toInsertedBlock(markdown, lineEnding, 'prepend_body');
  return keepingFrontmatter(span, insertBlockAt(text, span?.blockEnd ?? byteOrderMarkLength(text), block, lineEnding), 'prepend_body');
}

/**
 * `edited`, unless the body edit turned the top of a note without frontmatter into a frontmatter
 * block (markdown starting with a `---` line, put first): properties are set with
 * set_frontmatter, which checks them, never smuggled in as body text. `span` is the block before
 * the edit (an edit after it leaves it as it was). Throws `invalid_input`.
 */
function keepingFrontmatter(span: FrontmatterSpan | null, edited: string, operation: 'append_body' | 'prepend_body'): string {
  if (span !== null || findFrontmatterSpan(edited) === null) return edited;
  throw new IndxError('invalid_input', `${operation} would start this note with a frontmatter block (markdown beginning with a --- line). Set properties with set_frontmatter; for a horizontal rule at the top, start the markdown with something else (e.g. ***).`, { op: operation });
}
