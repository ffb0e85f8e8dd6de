import { editFrontmatterOrThrow } from './frontmatter-edits';

/**
 * Sets one top-level frontmatter property and returns the new note text.
 *
 * Only the property's own lines change: an existing key is rewritten in place (its quoting and a
 * trailing `# comment` on a one-line value are kept), a new key is appended at the end of the
 * block, and a note without frontmatter gets `---\nkey: value\n---\n` in front of its body (after
 * a byte order mark, which stays first). Every other byte (other keys, comment lines, blank
 * lines, the body) stays identical. Setting the value a key already has changes nothing. `key`
 * is the exact, case-sensitive property name (a dot is part of the name, not a path); `value` is
 * any JSON value, objects and arrays included. Throws `invalid_input` for an unusable key or an
 * `undefined` value, and `frontmatter_invalid` when the existing YAML does not parse or the edit
 * would break it (another key aliases an anchor set in this key's value; see `checkEditedYaml`).
 * Several edits at once: `editFrontmatter`.
 */
export function setFrontmatterValue(text: string, key: string, value: unknown): string {
  return editFrontmatterOrThrow(text, [{ key, value }]);
}
