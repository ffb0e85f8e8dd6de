import { isIndxError } from '../errors';
import { composeNote } from './compose-note';
import { deleteFrontmatterValue } from './delete-frontmatter-value';
import { findFrontmatterSpan } from './frontmatter-span';
import { readFrontmatter } from './read-frontmatter';
import { isSameValue } from './same-value';
import { setFrontmatterValue } from './set-frontmatter-value';

/**
 * Replaces a note's whole frontmatter with `frontmatter` while disturbing as few bytes as
 * possible: keys that keep their value keep their lines (comments, quoting, layout) untouched,
 * keys whose value changes are rewritten in place, existing key order is kept, new keys are
 * appended in the object's order, and keys missing from the object are removed. Keys whose value
 * is `undefined` count as missing. An empty object removes the whole `---` block; a note without
 * frontmatter gets a new block (see `composeNote`), and so does a note whose existing block is not
 * valid YAML (the caller supplies every property, so nothing in it needs keeping).
 */
export function replaceFrontmatter(text: string, frontmatter: Record<string, unknown>): string {
  const span = findFrontmatterSpan(text);
  if (span === null) return composeNote(frontmatter, text);
  const current = readValidFrontmatter(text);
  if (current === null) return composeNote(frontmatter, text.slice(span.blockEnd));
  const wanted = Object.entries(frontmatter).filter(([, value]) => value !== undefined);
  if (wanted.length === 0) return text.slice(span.blockEnd);
  const wantedKeys = new Set(wanted.map(([key]) => key));
  const withoutRemoved = Object.keys(current)
    .filter((key) => !wantedKeys.has(key))
    .reduce((note, key) => deleteFrontmatterValue(note, key), text);
  return wanted.reduce((note, [key, value]) => (isSameValue(current[key], value) ? note : setFrontmatterValue(note, key, value)), withoutRemoved);
}

function readValidFrontmatter(text: string): Record<string, unknown> | null {
  try {
    return readFrontmatter(text);
  } catch (error: unknown) {
    if (isIndxError(error, 'frontmatter_invalid')) return null;
    throw error;
  }
}
