import { composeNote } from './compose-note';
import { deleteFrontmatterValue } from './delete-frontmatter-value';
import { findFrontmatterSpan, type FrontmatterSpan } from './frontmatter-span';
import { nullWhenFrontmatterInvalid } from './null-when-frontmatter-invalid';
import { readFrontmatter } from './read-frontmatter';
import { isSameValue } from './same-value';
import { setFrontmatterValue } from './set-frontmatter-value';

type Entry = [key: string, value: unknown];

/**
 * Replaces a note's whole frontmatter with `frontmatter` while disturbing as few bytes as
 * possible: keys that keep their value keep their lines (comments, quoting, layout) untouched,
 * keys whose value changes are rewritten in place, existing key order is kept, new keys are
 * appended in the object's order, and keys missing from the object are removed. Keys whose value
 * is `undefined` count as missing. An empty object removes the whole `---` block; a note without
 * frontmatter gets a new block (see `composeNote`), and so does a note whose existing block is not
 * valid YAML, or whose YAML anchors make key-by-key edits impossible (the caller supplies every
 * property, so nothing in it needs keeping). A leading byte order mark stays first.
 */
export function replaceFrontmatter(text: string, frontmatter: Record<string, unknown>): string {
  const span = findFrontmatterSpan(text);
  if (span === null) return composeNote(frontmatter, text);
  const wanted: Entry[] = Object.entries(frontmatter).filter(([, value]) => value !== undefined);
  const current = nullWhenFrontmatterInvalid(() => readFrontmatter(text));
  if (current === null || wanted.length === 0) return composeNote(frontmatter, withoutBlock(text, span));
  return nullWhenFrontmatterInvalid(() => editKeyByKey(text, current, wanted)) ?? composeNote(frontmatter, withoutBlock(text, span));
}

// Existing keys are visited last first: YAML aliases (`*b`) always follow their anchors (`&b`),
// so the users of an anchor are edited or removed before the key that sets it, and every step
// stays valid YAML.
function editKeyByKey(text: string, current: Record<string, unknown>, wanted: readonly Entry[]): string {
  const wantedValues = new Map(wanted);
  const existingLastFirst = Object.keys(current).reverse();
  const updated = existingLastFirst.reduce((note, key) => updateExisting(note, key, current[key], wantedValues), text);
  const added = wanted.filter(([key]) => !Object.prototype.hasOwnProperty.call(current, key));
  return added.reduce((note, [key, value]) => setFrontmatterValue(note, key, value), updated);
}

function updateExisting(text: string, key: string, currentValue: unknown, wanted: ReadonlyMap<string, unknown>): string {
  if (!wanted.has(key)) return deleteFrontmatterValue(text, key);
  const value = wanted.get(key);
  return isSameValue(currentValue, value) ? text : setFrontmatterValue(text, key, value);
}

function withoutBlock(text: string, span: FrontmatterSpan): string {
  return text.slice(0, span.blockStart) + text.slice(span.blockEnd);
}
