import { compareCodeUnits } from '../../ops/compare';
import type { SearchService } from '../../search/service/search-service';
import type { SearchWarning } from '../../search/service/search-types';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { lexicalQueryOf } from './lexical-query';
import { similarityQueryOf } from './similarity-query';

/** A note found near a source: its similarity (0–1) and the 0-based line where it matched best. */
export interface Neighbour {
  path: string;
  similarity: number;
  line: number;
}

/** How neighbours are searched for. */
export interface NeighbourSearch {
  semantic: boolean;
  lexical: boolean;
  /** Results asked of each search. */
  limit: number;
  /** Narrows the searches (a glob or tag candidate scope); the caller still filters exactly. */
  pathGlob?: string;
  tag?: string;
}

/** What the searches found for one source, best first, and what they warned. */
export interface NeighbourFinding {
  neighbours: Neighbour[];
  warnings: SearchWarning[];
}

/**
 * Finds the notes nearest a source with the vault's search service: semantically with what the
 * note is about (`similarityQueryOf`, the `similar://` recipe; score = cosine similarity),
 * lexically with its title and most frequent words (`lexicalQueryOf`; score = share of the best
 * reachable BM25 score), or both, each note keeping its better similarity and that search's
 * line. The source itself is never its own neighbour. Sorted by similarity, then path.
 */
export async function findNeighbours(search: SearchService, source: NoteSnapshot, how: NeighbourSearch): Promise<NeighbourFinding> {
  const filters = { ...(how.pathGlob === undefined ? {} : { path_glob: how.pathGlob }), ...(how.tag === undefined ? {} : { tag: [how.tag] }) };
  const responses = await Promise.all([
    how.semantic ? search.search({ q: similarityQueryOf(source), mode: 'semantic', limit: how.limit, ...filters }) : null,
    how.lexical ? search.search({ q: lexicalQueryOf(source), mode: 'lexical', limit: how.limit, ...filters }) : null,
  ]);
  const best = new Map<string, Neighbour>();
  for (const result of responses.flatMap((response) => response?.results ?? [])) {
    const known = best.get(result.path);
    if (result.path !== source.path && (known === undefined || result.score > known.similarity)) best.set(result.path, { path: result.path, similarity: clamp(result.score), line: result.line });
  }
  const neighbours = [...best.values()].sort((left, right) => right.similarity - left.similarity || compareCodeUnits(left.path, right.path));
  return { neighbours, warnings: responses.flatMap((response) => response?.warnings ?? []) };
}

function clamp(score: number): number {
  return Math.max(0, Math.min(1, score));
}
