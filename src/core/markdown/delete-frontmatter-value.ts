import { editFrontmatterOrThrow } from './frontmatter-edits';

/**
 * Removes one top-level frontmatter property (its key line through its value's last line) and
 * returns the new note text. Comment lines above the key and every other byte stay identical; an
 * emptied block stays as `---\n---`. Deleting a key that is absent, or from a note without
 * frontmatter, returns `text` unchanged so retries are harmless. Throws `frontmatter_invalid` when
 * the YAML does not parse, or when another key aliases an anchor set in this key's value
 * (`derived: *b` after `base: &b …`), since removing it would leave invalid YAML. Several edits
 * at once: `editFrontmatter`.
 */
export function deleteFrontmatterValue(text: string, key: string): string {
  return editFrontmatterOrThrow(text, [{ key, delete: true }]);
}
