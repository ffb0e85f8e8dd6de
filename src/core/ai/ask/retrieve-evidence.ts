import { IndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import type { MatchedIn, SearchMode, SearchResult } from '../../search/service/search-types';
import type { AiWarning } from '../ai-schemas';
import { isAiAllowed } from '../scope/ai-path-filter';
import { globsExcludedWarning } from '../scope/globs-excluded-warning';
import { resolveAiScope } from '../scope/resolve-ai-scope';
import { DEFAULT_TOP_K, type AskInput } from './ask-input-schema';
import { chooseRetrievalMode } from './choose-retrieval-mode';

/** One note picked as evidence: where the search ranked it and the section that matched best. */
export interface RetrievalHit {
  path: string;
  score: number;
  matched_in: MatchedIn[];
  /** 0-based line of the best matching section; null for a scope note the search did not rank. */
  line: number | null;
}

/** The evidence notes of a question, best first, and what retrieval warned about. */
export interface Retrieval {
  hits: RetrievalHit[];
  warnings: AiWarning[];
}

/**
 * Most results fetched from the search (its own maximum page). Without a scope, four times
 * `top_k` are fetched so notes the AI globs drop can be replaced by the next ones.
 */
const SEARCH_LIMIT = 100;

/**
 * Retrieves the evidence for a question, deterministically (seed 002 §5.2): a vault search for
 * the question (mode per `chooseRetrievalMode`, the caller's filters), kept within the scope when
 * one is given, less the notes the AI globs keep from the model (reported as `globs_excluded`),
 * cut to `top_k`. A scope of no more than `top_k` notes is taken whole, ranked notes first.
 */
export async function retrieveEvidence(context: OperationContext, input: AskInput): Promise<Retrieval> {
  const topK = input.retrieve?.top_k ?? DEFAULT_TOP_K;
  const choice = chooseRetrievalMode(input.retrieve?.mode, context.ai.embeddings);
  const warnings: AiWarning[] = choice.warning === null ? [] : [choice.warning];
  const scope = input.scope === undefined ? null : await resolveAiScope(context, input.scope);
  if (scope !== null) warnings.push(...scope.warnings);
  const limit = scope === null ? Math.min(SEARCH_LIMIT, topK * 4) : SEARCH_LIMIT;
  const results = await searchFor(context, input, { mode: choice.mode, limit, required: scope === null }, warnings);
  const hits = scope === null ? allowedHits(context, results, topK, warnings) : withinScope(results, scope.paths, topK);
  return { hits, warnings };
}

/** The best `topK` results the AI globs allow; the others are reported as globs_excluded. */
function allowedHits(context: OperationContext, results: readonly SearchResult[], topK: number, warnings: AiWarning[]): RetrievalHit[] {
  const allowed = results.filter((result) => isAiAllowed(context.ai.settings, result.path));
  const excluded = results.filter((result) => !allowed.includes(result)).map((result) => result.path);
  if (excluded.length > 0) warnings.push(globsExcludedWarning(excluded, 'the evidence', 'matching note'));
  return allowed.slice(0, topK).map(toHit);
}

interface SearchPlan {
  mode: SearchMode;
  limit: number;
  /** Whether retrieval has nothing but the search (no scope): then a missing index is an error. */
  required: boolean;
}

async function searchFor(context: OperationContext, input: AskInput, plan: SearchPlan, warnings: AiWarning[]): Promise<SearchResult[]> {
  if (context.search === null) {
    if (!plan.required) return [];
    throw new IndxError('invalid_input', 'ai_ask without a scope retrieves through the search index, which is switched off in this engine. Pass a scope of notes to answer from.', {});
  }
  const filters = input.retrieve?.filters ?? {};
  const response = await context.search.search({
    q: input.question,
    mode: plan.mode,
    limit: plan.limit,
    ...(filters.tag === undefined ? {} : { tag: filters.tag }),
    ...(filters.path_glob === undefined ? {} : { path_glob: filters.path_glob }),
    ...(filters.min_score === undefined ? {} : { min_score: filters.min_score }),
  });
  for (const warning of response.warnings ?? []) {
    if (!warnings.some((known) => known.code === warning.code)) warnings.push({ code: warning.code, message: warning.message });
  }
  return response.results;
}

function withinScope(results: readonly SearchResult[], paths: readonly string[], topK: number): RetrievalHit[] {
  const inScope = new Set(paths);
  const ranked = results.filter((result) => inScope.has(result.path)).map(toHit);
  if (paths.length > topK) return ranked.slice(0, topK);
  const rankedPaths = new Set(ranked.map((hit) => hit.path));
  const rest = paths.filter((path) => !rankedPaths.has(path)).map((path) => ({ path, score: 0, matched_in: [], line: null }));
  return [...ranked, ...rest];
}

function toHit(result: SearchResult): RetrievalHit {
  return { path: result.path, score: result.score, matched_in: result.matched_in, line: result.line };
}
