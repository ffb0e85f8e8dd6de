import { IndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import type { SearchService } from '../../search/service/search-service';
import type { AiScope, AiWarning } from '../ai-schemas';
import { isAiAllowed } from '../scope/ai-path-filter';
import { globsExcludedWarning } from '../scope/globs-excluded-warning';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { toExactPathsGlob } from './exact-paths-glob';
import { findNeighbours, type Neighbour, type NeighbourSearch } from './find-neighbours';

/** How ai_relate retrieves neighbours. */
export interface RetrievalOptions {
  mode: 'semantic' | 'lexical' | 'hybrid';
  topK: number;
  /** The candidate scope and what it resolved to, when the caller restricted the pool. */
  candidates: { scope: AiScope; paths: readonly string[] } | null;
}

/** The neighbours of every source (top_k each), how many distinct candidates were found, and the warnings. */
export interface Retrieval {
  bySource: Map<string, Neighbour[]>;
  considered: number;
  warnings: AiWarning[];
}

/** Results asked of a search when the candidate pool cannot be expressed as a search filter. */
const MAX_SEARCH_RESULTS = 200;

/**
 * Finds each source's nearest notes (`findNeighbours`) among the notes the AI globs allow and,
 * with a candidate scope, among its notes only: the search itself is narrowed to the scope's
 * glob or tag, or to its exact paths when they fit in one glob (64 at most); a larger pool of
 * another kind is intersected with the best 200 results. Semantic retrieval needs
 * embeddings: semantic or hybrid without them runs lexically and warns `embeddings_unavailable`.
 * Notes the globs keep away are reported once as `globs_excluded` and never returned.
 */
export async function retrieveNeighbours(context: OperationContext, sources: readonly NoteSnapshot[], options: RetrievalOptions): Promise<Retrieval> {
  const search = requireSearch(context);
  const warnings: AiWarning[] = [];
  const how = searchPlan(context, options, sources.length, warnings);
  const pool = options.candidates === null ? null : new Set(options.candidates.paths);
  const denied = new Set<string>();
  const considered = new Set<string>();
  const bySource = new Map<string, Neighbour[]>();
  for (const source of sources) {
    const finding = await findNeighbours(search, source, how);
    finding.warnings.forEach((warning) => addOnce(warnings, { code: warning.code, message: warning.message }));
    const allowed: Neighbour[] = [];
    for (const neighbour of finding.neighbours) {
      if (!isAiAllowed(context.ai.settings, neighbour.path)) denied.add(neighbour.path);
      else if (pool === null || pool.has(neighbour.path)) allowed.push(neighbour);
    }
    allowed.forEach((neighbour) => considered.add(neighbour.path));
    bySource.set(source.path, allowed.slice(0, options.topK));
  }
  if (denied.size > 0 && pool === null) warnings.push(globsExcludedWarning([...denied].sort(), 'the neighbours of the sources'));
  return { bySource, considered: considered.size, warnings };
}

function requireSearch(context: OperationContext): SearchService {
  if (context.search !== null) return context.search;
  throw new IndxError('ai_unavailable', 'ai_relate finds related notes with the vault\'s search index, and this engine runs without one. Use a server or plugin engine.', { required_role: 'embeddings' });
}

function searchPlan(context: OperationContext, options: RetrievalOptions, sourceCount: number, warnings: AiWarning[]): NeighbourSearch {
  const wantsSemantic = options.mode !== 'lexical';
  const semantic = wantsSemantic && context.ai.embeddings;
  if (wantsSemantic && !semantic) warnings.push({ code: 'embeddings_unavailable', message: `No embeddings are configured, so ${options.mode} retrieval ran lexically (the notes' titles and most frequent words). Configure embeddings to find related notes by meaning.` });
  const lexical = options.mode !== 'semantic' || !semantic;
  if (options.candidates === null) return { semantic, lexical, limit: options.topK * 3 + 1 };
  const narrowed = narrowedSearch(options.candidates);
  const limit = narrowed === null ? MAX_SEARCH_RESULTS : Math.min(MAX_SEARCH_RESULTS, options.candidates.paths.length + sourceCount);
  return { semantic, lexical, limit, ...narrowed };
}

/** The candidate pool as a search filter: its glob or tag, else a glob of its exact paths when one fits. */
function narrowedSearch(candidates: { scope: AiScope; paths: readonly string[] }): { pathGlob: string } | { tag: string } | null {
  if (candidates.scope.kind === 'glob') return { pathGlob: candidates.scope.path_glob };
  if (candidates.scope.kind === 'tag') return { tag: candidates.scope.tag };
  const exact = toExactPathsGlob(candidates.paths);
  return exact === null ? null : { pathGlob: exact };
}

function addOnce(warnings: AiWarning[], warning: AiWarning): void {
  if (!warnings.some((known) => known.code === warning.code)) warnings.push(warning);
}
