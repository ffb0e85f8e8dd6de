import { Document } from 'yaml';
import { IndxError } from '../errors';
import { prependFrontmatterBlock } from './frontmatter-block';
import { findFrontmatterSpan } from './frontmatter-span';
import { detectLineEnding } from './line-ending';
import { frontmatterStringifyOptions } from './yaml-style';

/**
 * Builds the text of a new note from a frontmatter object and a markdown body (note_write with
 * `frontmatter`): `---\n<yaml>---\n<body>`, in the body's line ending; a byte order mark that
 * starts the body stays first, before the block. An `undefined` or empty object (keys whose value
 * is `undefined` do not count) gives the body alone. Throws `invalid_input` when the body already
 * starts with its own frontmatter block, since the note would then carry two.
 */
export function composeNote(frontmatter: Record<string, unknown> | undefined, body: string): string {
  const entries = Object.entries(frontmatter ?? {}).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return body;
  if (findFrontmatterSpan(body) !== null) {
    throw new IndxError('invalid_input', 'The body already starts with a frontmatter block and a frontmatter object was given too. Pass the properties in one place: either the frontmatter object, or the --- block inside the body.', {});
  }
  const lineEnding = detectLineEnding(body);
  const yaml = new Document(new Map(entries)).toString(frontmatterStringifyOptions());
  return prependFrontmatterBlock(body, yaml.replace(/\n/g, lineEnding), lineEnding);
}
