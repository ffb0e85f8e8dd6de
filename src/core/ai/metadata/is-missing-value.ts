/**
 * True when a frontmatter value counts as not set: absent, null (an empty property in Obsidian's
 * editor), an empty string or an empty list. `set_missing` writes only such keys.
 */
export function isMissingValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
