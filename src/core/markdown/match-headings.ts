import type { OutlineEntry } from './build-outline';
import { TRAILING_BLOCK_ID } from './heading-block-id';
import type { HeadingQuery } from './heading-query';

/** One way of comparing texts: how a heading's text and the query's text are read first. */
interface Comparison {
  readonly heading: (text: string) => string;
  readonly query: (text: string) => string;
}

const asWritten = (text: string): string => text;
// Obsidian keeps a heading's ` ^id` in its text; an agent naming the heading may leave it out.
const withoutBlockId = (text: string): string => text.replace(TRAILING_BLOCK_ID, '');
// "é" can be written as one code point (NFC, what most keyboards type) or as "e" plus a combining
// accent (NFD, what macOS file names and some editors produce); both read the same.
const composed = (text: string): string => text.normalize('NFC');
const lowerCase = (text: string): string => composed(text).toLowerCase();

/** From strictest to loosest; the first comparison that matches anything decides. */
const COMPARISONS: readonly Comparison[] = [
  { heading: asWritten, query: asWritten },
  { heading: withoutBlockId, query: asWritten },
  { heading: (text) => composed(withoutBlockId(text)), query: composed },
  { heading: (text) => lowerCase(withoutBlockId(text)), query: lowerCase },
];

/**
 * The indexes of the outline entries `query` names: by the heading's text, or by a path of
 * heading texts that ends at it (any trailing run of ancestors, compared as `A > B` text so a
 * heading whose own text holds `>` can be named too), at the query's level when it gives one.
 * Texts are compared exactly first, then without a trailing ` ^id`, then in one Unicode form (NFC,
 * so an accent typed as a combining mark matches the precomposed letter), then ignoring case; the first
 * way that matches anything wins, so an exact name is never ambiguous with a looser one. Empty
 * when nothing matches.
 */
export function matchHeadings(outline: readonly OutlineEntry[], query: HeadingQuery): number[] {
  for (const comparison of COMPARISONS) {
    const found = outline.flatMap((entry, index) => (isMatch(entry, query, comparison) ? [index] : []));
    if (found.length > 0) return found;
  }
  return [];
}

function isMatch(entry: OutlineEntry, query: HeadingQuery, comparison: Comparison): boolean {
  if (query.level !== undefined && entry.level !== query.level) return false;
  if (comparison.heading(entry.heading) === comparison.query(query.text)) return true;
  if (query.segments.length < 2) return false;
  const written = toPathText(entry.path.map(comparison.heading));
  const wanted = toPathText(query.segments.map(comparison.query));
  return written === wanted || written.endsWith(` > ${wanted}`);
}

/** Heading texts joined by ` > `, with the spacing around every `>` (also inside a text) evened out. */
function toPathText(texts: readonly string[]): string {
  return texts
    .join('>')
    .split('>')
    .map((part) => part.trim())
    .join(' > ');
}
