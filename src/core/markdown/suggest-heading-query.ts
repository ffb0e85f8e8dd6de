import { isIndxError } from '../errors';
import type { OutlineEntry } from './build-outline';
import { parseHeadingQuery } from './heading-query';
import { matchHeadings } from './match-headings';

/**
 * The shortest heading reference that resolves to exactly `outline[index]` and to nothing else:
 * its text, then its text after its level's `#`s, then ever longer ancestor paths ("Plan > Open
 * questions"), each without and with the `#`s. Every suggestion is checked by resolving it, so a
 * heading whose text contains `>` or repeats an ancestor path is handled. `undefined` when no
 * reference can single it out: another heading of the same level has the same path of heading
 * texts (a duplicate under the same parent, say) or a longer one ending with it (`## A` before
 * any `#` heading, and `# X` / `## A` later).
 */
export function suggestHeadingQuery(outline: readonly OutlineEntry[], index: number): string | undefined {
  const entry = outline[index];
  if (entry === undefined) return undefined;
  return candidateQueries(entry).find((query) => resolvesTo(outline, query, index));
}

function candidateQueries(entry: OutlineEntry): string[] {
  const marker = '#'.repeat(entry.level);
  const paths = entry.path.map((_, start) => entry.path.slice(start).join(' > ')).reverse();
  return paths.flatMap((path) => [path, `${marker} ${path}`]);
}

function resolvesTo(outline: readonly OutlineEntry[], query: string, index: number): boolean {
  try {
    const found = matchHeadings(outline, parseHeadingQuery(query));
    return found.length === 1 && found[0] === index;
  } catch (error: unknown) {
    if (isIndxError(error, 'invalid_input')) return false;
    throw error;
  }
}
