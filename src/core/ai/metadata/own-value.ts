/**
 * The value a record holds under `key` as its own property, else undefined. Frontmatter keys
 * come from callers, so a key such as `constructor` or `__proto__` must read the note's own
 * property, never something inherited from `Object.prototype`.
 */
export function ownValue(record: Readonly<Record<string, unknown>> | null | undefined, key: string): unknown {
  return record !== null && record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
