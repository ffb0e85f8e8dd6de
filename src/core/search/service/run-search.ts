import { fromCursor, toCursor } from '../../ops/cursor';
import type { VaultHost } from '../../vault/vault-host';
import type { VectorSearch } from '../chunk';
import type { LexicalIndex } from '../index/lexical-index';
import { analyzeQuery } from '../query/analyze-query';
import type { Bm25Parameters } from '../query/bm25-parameters';
import { fuseRanks } from '../query/fuse-ranks';
import { searchLexical } from '../query/lexical-search';
import { resolveTerms } from '../query/resolve-terms';
import type { ScoringScratch } from '../query/scoring-scratch';
import { buildResult, type RankedNote } from './build-result';
import { createNoteFilter, type NoteFilter } from './note-filter';
import type { IndexProgress, SearchMode, SearchRequest, SearchResponse, SearchWarning } from './search-types';
import { rankSemantically } from './semantic-ranking';

/** What a search runs against. */
export interface SearchContext {
  index: LexicalIndex;
  host: VaultHost;
  vectors: VectorSearch | null;
  parameters: Bm25Parameters;
  scratch: ScoringScratch;
  /** Set while the index is still being built. */
  building: IndexProgress | null;
}

/**
 * Candidates each side contributes to hybrid fusion: one fixed depth for every page of a query,
 * so pages cut one fused ranking (a depth that grew with the cursor re-fused deeper lists on
 * each page, repeating some notes and skipping others). Hybrid results end after the fused set.
 */
const FUSION_DEPTH = 200;

/**
 * Answers a search: picks the mode (hybrid when embeddings are available, else lexical; a
 * semantic or hybrid request without embeddings falls back to lexical with an
 * `embeddings_unavailable` warning), ranks, filters, paginates by offset cursor and dresses the
 * page as results. While the index builds, adds an `index_building` warning and the progress.
 */
export async function runSearch(context: SearchContext, request: SearchRequest): Promise<SearchResponse> {
  const warnings: SearchWarning[] = [];
  const mode = chooseMode(context.vectors, request.mode, warnings);
  const offset = fromCursor(request.cursor);
  const filter = createNoteFilter(context.index, context.host, request.path_glob, request.tag);
  const ranking = await rank(context, request, mode, offset, filter).catch((error: unknown) => {
    if (mode === 'lexical') throw error;
    warnings.push({ code: 'embeddings_unavailable', message: `The embedding provider failed (${error instanceof Error ? error.message : String(error)}); these are lexical results.` });
    return rank(context, request, 'lexical', offset, filter).then((fallback) => ({ ...fallback, mode: 'lexical' as const }));
  });
  const terms = new Set(ranking.terms);
  const results = await Promise.all(ranking.page.map((ranked) => buildResult(context.index, context.host, ranked, terms)));
  if (context.building !== null) warnings.push(buildingWarning(context.building));
  return {
    results,
    next_cursor: ranking.hasMore ? toCursor(offset + request.limit, offset + request.limit + 1) : null,
    mode_used: ranking.mode ?? mode,
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(context.building !== null ? { index: context.building } : {}),
  };
}

interface Ranking {
  page: RankedNote[];
  hasMore: boolean;
  terms: string[];
  mode?: SearchMode;
}

function chooseMode(vectors: VectorSearch | null, requested: SearchMode | undefined, warnings: SearchWarning[]): SearchMode {
  const available = vectors?.available() ?? false;
  const mode = requested ?? (available ? 'hybrid' : 'lexical');
  if (mode === 'lexical' || available) return mode;
  warnings.push({ code: 'embeddings_unavailable', message: `No embedding provider is configured or reachable, so ${mode} search fell back to lexical. Configure embeddings to search by meaning.` });
  return 'lexical';
}

async function rank(context: SearchContext, request: SearchRequest, mode: SearchMode, offset: number, filter: NoteFilter | null): Promise<Ranking> {
  if (mode === 'lexical') return rankLexical(context, request, offset, filter);
  const vectors = context.vectors as VectorSearch;
  if (mode === 'semantic') {
    const hits = (await rankSemantically(vectors, request.q, offset + request.limit + 1, filter, isKnown(context))).filter((hit) => hit.score >= (request.min_score ?? 0));
    const page = hits.slice(offset, offset + request.limit).map((hit) => ({ path: hit.path, score: hit.score, chunkId: null, hash: hit.hash, matchedIn: ['semantic' as const] }));
    return { page, hasMore: hits.length > offset + request.limit, terms: literalTerms(context, request.q) };
  }
  return rankHybrid(context, vectors, request, offset, filter);
}

function rankLexical(context: SearchContext, request: SearchRequest, offset: number, filter: NoteFilter | null): Ranking {
  const result = searchLexical(context.index, { text: request.q, accept: filter?.acceptNote, minScore: request.min_score, offset, limit: request.limit, prefix: request.prefix, fuzzy: request.fuzzy }, context.parameters, context.scratch);
  const page = result.hits.map((hit) => ({ path: hit.path, score: hit.score, chunkId: hit.chunkId, hash: null, matchedIn: hit.matchedIn }));
  return { page, hasMore: offset + request.limit < result.total, terms: result.terms };
}

async function rankHybrid(context: SearchContext, vectors: VectorSearch, request: SearchRequest, offset: number, filter: NoteFilter | null): Promise<Ranking> {
  const depth = FUSION_DEPTH;
  const lexical = searchLexical(context.index, { text: request.q, accept: filter?.acceptNote, offset: 0, limit: depth, prefix: request.prefix, fuzzy: request.fuzzy }, context.parameters, context.scratch);
  const semantic = await rankSemantically(vectors, request.q, depth, filter, isKnown(context));
  const lexicalByPath = new Map(lexical.hits.map((hit) => [hit.path, hit]));
  const semanticByPath = new Map(semantic.map((hit) => [hit.path, hit]));
  const fused = fuseRanks([lexical.hits.map((hit) => hit.path), semantic.map((hit) => hit.path)]).filter((item) => item.score >= (request.min_score ?? 0));
  const page = fused.slice(offset, offset + request.limit).map((item) => {
    const lexicalHit = lexicalByPath.get(item.key);
    const matchedIn = [...(lexicalHit?.matchedIn ?? []), ...(semanticByPath.has(item.key) ? (['semantic'] as const) : [])];
    return { path: item.key, score: item.score, chunkId: lexicalHit?.chunkId ?? null, hash: semanticByPath.get(item.key)?.hash ?? null, matchedIn };
  });
  return { page, hasMore: fused.length > offset + request.limit, terms: lexical.terms };
}

/** Notes semantic hits may name: those the index holds, or, while it builds, those the host has (vectors of deleted notes are never shown). */
function isKnown(context: SearchContext): (path: string) => boolean {
  return (path) => context.index.noteIdOf(path) !== undefined || (context.building !== null && context.host.stat(path) !== null);
}

/** The query's own index terms, for highlighting where embeddings found the note. */
function literalTerms(context: SearchContext, query: string): string[] {
  return resolveTerms(context.index.terms, analyzeQuery(query)).map((term) => context.index.terms.termOf(term.id));
}

function buildingWarning(progress: IndexProgress): SearchWarning {
  return { code: 'index_building', message: `The search index is still being built (${progress.indexed} of ${progress.total} notes indexed); results cover the notes indexed so far. Retry shortly for complete results.` };
}
