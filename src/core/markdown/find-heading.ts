import { IndxError } from '../errors';
import type { HeadingCache } from '../metadata/types';
import { buildOutline, type OutlineEntry } from './build-outline';
import { parseHeadingQuery, type HeadingQuery } from './heading-query';
import { matchHeadings } from './match-headings';
import { suggestHeadingQuery } from './suggest-heading-query';

const LISTED_HEADINGS_LIMIT = 50;

/**
 * Resolves an agent's heading reference to exactly one heading of the cache (headings inside code
 * fences are not in it, as in Obsidian). The query is a heading's text, a path of heading texts
 * joined by `>` that ends at the heading ("Plan > Open questions" — any trailing run of
 * ancestors), or either one after `#`s that then also fix the level. A heading's trailing ` ^id`
 * may be left out of the query. Exact matches win; only when there are none is case ignored (see
 * `matchHeadings`).
 *
 * Throws `heading_ambiguous` when more than one heading matches — it never guesses — with
 * `candidates` (path, 0-based line, level, and `query`: a reference that resolves to that one
 * heading alone, or null when none can because another heading of the same level has the same
 * path of heading texts or one ending with it), and `heading_not_found` with the note's headings
 * (the first 50) when none does.
 */
export function findHeading(headings: readonly HeadingCache[] | undefined, query: string): HeadingCache {
  const parsed = parseHeadingQuery(query);
  const all = headings ?? [];
  const outline = buildOutline(all);
  const found = matchHeadings(outline, parsed);
  const [first] = found;
  if (first === undefined) throw notFound(parsed, outline);
  if (found.length > 1) throw ambiguous(parsed, outline, found);
  return all[first] as HeadingCache;
}

function describeEntry(entry: OutlineEntry): { path: string; line: number; level: number } {
  return { path: entry.path.join(' > '), line: entry.line, level: entry.level };
}

type Candidate = ReturnType<typeof describeEntry> & { query: string | null };

function ambiguous(query: HeadingQuery, outline: readonly OutlineEntry[], found: readonly number[]): IndxError {
  const candidates: Candidate[] = found.map((index) => ({ ...describeEntry(outline[index] as OutlineEntry), query: suggestHeadingQuery(outline, index) ?? null }));
  return new IndxError('heading_ambiguous', `Heading ${JSON.stringify(query.original)} matches ${candidates.length} headings.${pickAdvice(candidates)}${twinAdvice(candidates)}`, {
    heading: query.original,
    candidates,
  });
}

function pickAdvice(candidates: readonly Candidate[]): string {
  const usable = candidates.flatMap((candidate) => (candidate.query === null ? [] : [`${JSON.stringify(candidate.query)} (line ${candidate.line})`]));
  return usable.length === 0 ? '' : ` Pass one of these references instead: ${usable.join(', ')}.`;
}

function twinAdvice(candidates: readonly Candidate[]): string {
  const twins = candidates.flatMap((candidate) => (candidate.query === null ? [candidate.line] : []));
  if (twins.length === 0) return '';
  return ` No heading reference can single out the headings at lines ${twins.join(', ')}: another heading has the same level and a path of heading texts that is the same or ends the same way (a duplicate under the same parent, for instance). note_outline lists each heading with its line; target a unique neighbouring heading instead, or rewrite the note with note_write.`;
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
