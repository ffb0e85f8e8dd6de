import { runAiTag } from '../../ai/tag/run-ai-tag';
import { aiTagInputSchema } from '../../ai/tag/tag-input-schema';
import { aiTagOutputSchema, type AiTagOutput } from '../../ai/tag/tag-output-schema';
import { defineOperation } from '../operation';
import { APPLY_INPUTS, DELIVERY_INPUTS } from '../../ai/ai-schemas';

/** `ai_tag`: tag suggestions biased to the vault's vocabulary, grounded in the notes, optionally written to frontmatter (seed 002 §5.5). */
export const aiTag = defineOperation({
  name: 'ai_tag',
  title: 'Suggest tags with AI',
  description:
    'Suggest frontmatter tags for notes, preferring the vault\'s, with confidence and citations.',
  input: aiTagInputSchema,
  output: aiTagOutputSchema,
  scope: 'vault:read',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  requires: 'chat',
  streams: true,
  writesWhen: (input) => input.apply === true,
  writeInputs: APPLY_INPUTS,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/tag' },
  cli: ['ai', 'tag'],
  run: (input, context) => runAiTag(context, input),
  summarize: summarizeTagResult,
});

function summarizeTagResult(output: AiTagOutput): string {
  const tags = output.suggestions.reduce((sum, suggestion) => sum + suggestion.tags.length, 0);
  const notes = output.suggestions.length;
  const head = `Suggested ${tags} tag${tags === 1 ? '' : 's'} (${output.vocabulary.new.length} new) for ${notes} note${notes === 1 ? '' : 's'}`;
  if (output.applied !== undefined) return `${head}; wrote ${output.applied.length} note${output.applied.length === 1 ? '' : 's'}.`;
  const drafts = output.proposed_patches?.length ?? 0;
  return `${head}; ${drafts} draft patch${drafts === 1 ? '' : 'es'} (not applied).`;
}
