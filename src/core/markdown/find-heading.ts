import { IndxError } from '../errors';
import type { HeadingCache } from '../metadata/types';
import { buildOutline, type OutlineEntry } from './build-outline';
import { parseHeadingQuery, type HeadingQuery } from './heading-query';

const LISTED_HEADINGS_LIMIT = 50;

type TextComparer = (left: string, right: string) => boolean;

const TRAILING_BLOCK_ID = /[ \t]+\^[A-Za-z0-9-]+$/;

// Obsidian keeps a heading's ` ^id` in its text; an agent naming the heading may leave it out.
const withoutBlockId = (text: string): string => text.replace(TRAILING_BLOCK_ID, '');
const exactly: TextComparer = (heading, query) => heading === query || withoutBlockId(heading) === query;
const ignoringCase: TextComparer = (heading, query) => exactly(heading.toLowerCase(), query.toLowerCase());

/**
 * Resolves an agent's heading reference to exactly one heading of the cache (headings inside code
 * fences are not in it, as in Obsidian). The query is a heading's text, a path of heading texts
 * joined by `>` that ends at the heading ("Plan > Open questions" — any trailing run of
 * ancestors), or either one after `#`s that then also fix the level. A heading's trailing ` ^id`
 * may be left out of the query. Exact matches win; only when there are none is case ignored.
 *
 * Throws `heading_ambiguous` with `candidates` (path, 0-based line, level) when more than one
 * heading matches — it never guesses — and `heading_not_found` with the note's headings (the
 * first 50) when none does.
 */
export function findHeading(headings: readonly HeadingCache[] | undefined, query: string): HeadingCache {
  const parsed = parseHeadingQuery(query);
  const all = headings ?? [];
  const outline = buildOutline(all);
  const matches = matchingIndexes(outline, parsed, exactly);
  const found = matches.length > 0 ? matches : matchingIndexes(outline, parsed, ignoringCase);
  const [first] = found;
  if (first === undefined) throw notFound(parsed, outline);
  if (found.length > 1) throw ambiguous(parsed, found.map((index) => outline[index] as OutlineEntry));
  return all[first] as HeadingCache;
}

function matchingIndexes(outline: readonly OutlineEntry[], query: HeadingQuery, same: TextComparer): number[] {
  return outline.flatMap((entry, index) => (isMatch(entry, query, same) ? [index] : []));
}

function isMatch(entry: OutlineEntry, query: HeadingQuery, same: TextComparer): boolean {
  if (query.level !== undefined && entry.level !== query.level) return false;
  return same(entry.heading, query.text) || isPathMatch(entry.path, query.segments, same);
}

function isPathMatch(path: readonly string[], segments: readonly string[], same: TextComparer): boolean {
  if (segments.length < 2 || segments.length > path.length) return false;
  const tail = path.slice(path.length - segments.length);
  return tail.every((text, index) => same(text, segments[index] ?? ''));
}

function describeEntry(entry: OutlineEntry): { path: string; line: number; level: number } {
  return { path: entry.path.join(' > '), line: entry.line, level: entry.level };
}

function ambiguous(query: HeadingQuery, entries: readonly OutlineEntry[]): IndxError {
  const candidates = entries.map(describeEntry);
  return new IndxError(
    'heading_ambiguous',
    `Heading ${JSON.stringify(query.original)} matches ${candidates.length} headings. Pass the full path of the one you mean, e.g. ${JSON.stringify(candidates[0]?.path ?? '')}.`,
    { heading: query.original, candidates },
  );
}

function notFound(query: HeadingQuery, outline: readonly OutlineEntry[]): IndxError {
  const available = outline.slice(0, LISTED_HEADINGS_LIMIT).map(describeEntry);
  const hint = outline.length === 0 ? 'The note has no headings.' : 'Pick one of the listed headings (details.available) or call note_outline.';
  return new IndxError('heading_not_found', `No heading matches ${JSON.stringify(query.original)}. ${hint}`, {
    heading: query.original,
    available,
    total: outline.length,
  });
}
