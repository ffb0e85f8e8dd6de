/**
 * Frontmatter filter of `note_list`: every key must match. A scalar matches an equal value or a
 * list containing it (case-insensitive for strings); `null` matches a missing or empty key; a
 * list matches when each of its items does.
 */
export function matchesFrontmatter(frontmatter: Record<string, unknown> | undefined, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, wanted]) => matchesValue(frontmatter?.[key], wanted));
}

function matchesValue(actual: unknown, wanted: unknown): boolean {
  if (wanted === null) return actual === undefined || actual === null || actual === '';
  if (Array.isArray(wanted)) return wanted.every((item) => matchesValue(actual, item));
  if (Array.isArray(actual)) return actual.some((item) => equalScalar(item, wanted));
  return equalScalar(actual, wanted);
}

function equalScalar(actual: unknown, wanted: unknown): boolean {
  if (typeof actual === 'string' && typeof wanted === 'string') return actual.toLowerCase() === wanted.toLowerCase();
  // Numbers and booleans also match their written form: {"born": "1815"} matches born: 1815.
  const scalar = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
  return actual === wanted || scalar(actual) === scalar(wanted);
}
