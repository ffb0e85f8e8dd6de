import { IndxError } from '../errors';

/**
 * Checks a property name from an agent: non-empty, no surrounding whitespace, single line.
 * Keys are matched exactly and case-sensitively, so a stray space would silently miss.
 */
export function assertFrontmatterKey(key: string): void {
  if (key.trim() === '' || key.trim() !== key || /[\r\n]/.test(key)) {
    throw new IndxError('invalid_input', `Frontmatter key ${JSON.stringify(key)} is not usable: pass the exact property name, non-empty, on one line, without surrounding spaces.`, { key });
  }
}

/** Checks a property value: anything JSON can carry; `undefined` is refused (use null or delete). */
export function assertFrontmatterValue(key: string, value: unknown): void {
  if (value === undefined) {
    throw new IndxError('invalid_input', `No value given for frontmatter key "${key}". Pass a JSON value (null for an empty property), or use delete_frontmatter to remove the key.`, { key });
  }
}
