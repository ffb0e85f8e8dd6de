/** The default properties Obsidian reads as lists (docs: Properties; `tags`, `aliases`, `cssclasses`). */
export const LIST_KEYS: ReadonlySet<string> = new Set(['tags', 'aliases', 'cssclasses']);

/**
 * The value to write under `key` so Obsidian reads it: `tags`, `aliases` and `cssclasses` are
 * always written as a YAML list (a single value becomes a one-item list, since Obsidian 1.9.4
 * reads `tags: a, b` as no tags at all); null and every other key's value are left as given.
 */
export function toObsidianListShape(key: string, value: unknown): unknown {
  if (!LIST_KEYS.has(key) || value === null || value === undefined || Array.isArray(value)) return value;
  return [value];
}
