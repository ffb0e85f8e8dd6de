import { IndxError } from '../../errors';
import { compareCodeUnits } from '../../ops/compare';
import type { OperationContext } from '../../ops/operation-context';
import type { AiScope, AiWarning } from '../ai-schemas';
import { isAiAllowed } from './ai-path-filter';
import { globsExcludedWarning } from './globs-excluded-warning';
import { findScopeCandidates } from './scope-candidates';

/** What a scope resolved to. */
export interface ResolvedScope {
  /** Existing markdown notes the AI globs allow, sorted; the only notes that may reach a prompt. */
  paths: string[];
  /** Notes of the scope dropped by the AI allow/deny globs, sorted. */
  excluded: string[];
  /** globs_excluded (details.paths, details.count), embeddings_unavailable, index_building. */
  warnings: AiWarning[];
}

/** The most notes one AI scope may hold. */
export const MAX_SCOPE_NOTES = 500;

/** Excluded paths listed in the details of an all-excluded error. */
const LISTED_EXCLUDED_LIMIT = 50;

/**
 * Resolves an AI scope (seed 002 §4) to the notes an operation may send to the model: the notes
 * the scope selects through the policy-filtered host, less those the AI allow/deny globs keep
 * away, which are reported once as `globs_excluded` and never reach a prompt. Throws `not_found`
 * for a named note that does not exist, and `invalid_input` when nothing remains or more than
 * {@link MAX_SCOPE_NOTES} notes do.
 */
export async function resolveAiScope(context: OperationContext, scope: AiScope): Promise<ResolvedScope> {
  const candidates = await findScopeCandidates(context, scope);
  const unique = [...new Set(candidates.paths)].sort(compareCodeUnits);
  const paths = unique.filter((path) => isAiAllowed(context.ai.settings, path));
  const excluded = unique.filter((path) => !isAiAllowed(context.ai.settings, path));
  requireUsable(scope, paths, excluded);
  const warnings = excluded.length === 0 ? candidates.warnings : [...candidates.warnings, globsExcludedWarning(excluded, 'the scope')];
  return { paths, excluded, warnings };
}

function requireUsable(scope: AiScope, paths: readonly string[], excluded: readonly string[]): void {
  if (paths.length === 0 && excluded.length > 0) {
    throw new IndxError('invalid_input', `Every note of the scope is excluded from AI by deny/allow globs (${excluded.length} excluded; see ai.deny_globs / ai.allow_globs or INDX_AI_DENY_GLOBS / INDX_AI_ALLOW_GLOBS). Choose notes the AI globs allow.`, {
      kind: scope.kind,
      excluded: excluded.slice(0, LISTED_EXCLUDED_LIMIT),
      count: excluded.length,
    });
  }
  if (paths.length === 0) {
    throw new IndxError('invalid_input', `The ${scope.kind} scope selects no markdown notes. Check it with note_list, tag_notes or vault_search, or choose another scope.`, { kind: scope.kind });
  }
  if (paths.length > MAX_SCOPE_NOTES) {
    throw new IndxError('invalid_input', `The ${scope.kind} scope selects ${paths.length} notes; at most ${MAX_SCOPE_NOTES} are accepted. Narrow it (a more specific glob, tag or query, or fewer paths).`, {
      kind: scope.kind,
      count: paths.length,
      limit: MAX_SCOPE_NOTES,
    });
  }
}
