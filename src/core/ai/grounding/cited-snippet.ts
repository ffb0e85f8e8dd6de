/** The longest snippet a citation carries, in characters. */
export const SNIPPET_LIMIT = 200;

/**
 * The text of lines `first..last` (0-based, inclusive) as a citation's snippet: each line trimmed,
 * empty ones skipped, joined by single spaces, and cut to {@link SNIPPET_LIMIT} characters with
 * a final `…` when longer.
 */
export function citedSnippet(lines: readonly string[], first: number, last: number): string {
  const text = lines
    .slice(first, last + 1)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
  const characters = Array.from(text);
  return characters.length <= SNIPPET_LIMIT ? text : `${characters.slice(0, SNIPPET_LIMIT - 1).join('')}…`;
}
