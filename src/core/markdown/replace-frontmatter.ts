import { composeNote } from './compose-note';
import { editFrontmatterFromSteps, type FrontmatterEdit } from './frontmatter-edits';
import { findFrontmatterSpan, type FrontmatterSpan } from './frontmatter-span';
import { runSteps, type Steps } from '../steps';

/**
 * Replaces a note's whole frontmatter with `frontmatter` while disturbing as few bytes as
 * possible: keys that keep their value keep their lines (comments, quoting, layout) untouched,
 * keys whose value changes are rewritten in place, existing key order is kept, new keys are
 * appended in the object's order, and keys missing from the object are removed. Keys whose value
 * is `undefined` count as missing. An empty object removes the whole `---` block; a note without
 * frontmatter gets a new block (see `composeNote`), and so does a note whose existing block is not
 * valid YAML, or whose YAML anchors make key-by-key edits impossible (the caller supplies every
 * property, so nothing in it needs keeping). A leading byte order mark stays first. All the key
 * edits are one `editFrontmatter` call, so the cost is linear in the number of keys.
 */
export function replaceFrontmatter(text: string, frontmatter: Record<string, unknown>): string {
  return runSteps(replaceFrontmatterSteps(text, frontmatter));
}

/** {@link replaceFrontmatter} in steps (see `editFrontmatterFromSteps`). */
export function* replaceFrontmatterSteps(text: string, frontmatter: Record<string, unknown>): Steps<string> {
  const span = findFrontmatterSpan(text);
  if (span === null) return composeNote(frontmatter, text);
  const wanted = Object.entries(frontmatter).filter(([, value]) => value !== undefined);
  if (wanted.length === 0) return composeNote(frontmatter, withoutBlock(text, span));
  const wantedKeys = new Set(wanted.map(([key]) => key));
  const edits = (current: Readonly<Record<string, unknown>>): FrontmatterEdit[] => [
    ...Object.keys(current)
      .filter((key) => !wantedKeys.has(key))
      .map((key) => ({ key, delete: true as const })),
    ...wanted.map(([key, value]) => ({ key, value })),
  ];
  // One parse serves both the current keys and the edits.
  const edited = yield* editFrontmatterFromSteps(text, edits);
  if (edited === null) return composeNote(frontmatter, withoutBlock(text, span));
  if (edited.ok) return edited.value;
  if (edited.error.error.code === 'frontmatter_invalid') return composeNote(frontmatter, withoutBlock(text, span));
  throw edited.error.error;
}

function withoutBlock(text: string, span: FrontmatterSpan): string {
  return text.slice(0, span.blockStart) + text.slice(span.blockEnd);
}
