import type { OperationContext } from '../../ops/operation-context';
import { requireIfMatch } from '../apply/require-if-match';
import { runAiCall, type AiCallOutput } from '../runtime/run-ai-call';
import { readScopeNotes } from '../scope/read-scope-notes';
import { resolveAiScope } from '../scope/resolve-ai-scope';
import { applyTagResult, type TagApplyAdditions } from './apply-tag-result';
import { produceTagSuggestions, type TagSuggestions } from './produce-tag-suggestions';
import { splitVocabulary } from './split-vocabulary';
import type { AiTagInput } from './tag-input-schema';
import { createTagRules } from './tag-rules';
import { loadTagVocabulary } from './tag-vocabulary';

/** An ai_tag result as the operation returns it. */
export type AiTagResult = AiCallOutput<TagSuggestions & Partial<TagApplyAdditions>>;

/**
 * Runs one ai_tag call (seed 002 §5.5): resolves the scope (notes the AI globs exclude are never
 * read into a prompt; globs_excluded says which), loads the vault's tag vocabulary, and goes
 * through `runAiCall` (cache, idempotency, quota, audit). Suggestions are produced once and
 * cached; the apply step runs on every call, fresh or cached: with `apply: true` it writes, else
 * it drafts note_patch calls. Under if_match_mode fail, a known if_match mismatch stops the call
 * before any model call.
 */
export async function runAiTag(context: OperationContext, input: AiTagInput): Promise<AiTagResult> {
  const scope = await resolveAiScope(context, input.scope);
  const notes = await readScopeNotes(context, scope.paths);
  const vocabulary = loadTagVocabulary(context);
  const rules = createTagRules(input.vocabulary, vocabulary);
  return runAiCall<TagSuggestions & Partial<TagApplyAdditions>>(context, {
    op: 'tag',
    needs: 'chat',
    input,
    fingerprint: notes,
    warnings: scope.warnings,
    async produce(session) {
      if (input.apply === true && (input.if_match_mode ?? 'fail') === 'fail') await requireIfMatch(context, scope.paths, input.if_match ?? {});
      return produceTagSuggestions(context, session, { notes, rules, vocabulary, cite: input.cite !== false, ...(input.language === undefined ? {} : { language: input.language }) });
    },
    async apply(result, session) {
      const current = splitVocabulary(result.suggestions, loadTagVocabulary(context).known);
      return { ...current, ...(await applyTagResult(context, current.suggestions, input, session)) };
    },
  });
}
