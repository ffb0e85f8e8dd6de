/**
 * True when tag name `name` is `prefix` or nested under it, ignoring case as Obsidian does:
 * `Project/Alpha` has the prefix `project`, `projects` does not. Both names are without `#`.
 * When it matches, `name.slice(0, prefix.length)` is the part a rename replaces.
 */
export function hasTagPrefix(name: string, prefix: string): boolean {
  if (name.length < prefix.length) return false;
  if (name.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return false;
  return name.length === prefix.length || name[prefix.length] === '/';
}
