import { applyMetadata } from '../../ai/metadata/apply-metadata';
import { metadataInputSchema } from '../../ai/metadata/metadata-input-schema';
import { metadataOutputSchema } from '../../ai/metadata/metadata-output-schema';
import { produceMetadata } from '../../ai/metadata/produce-metadata';
import { runAiCall } from '../../ai/runtime/run-ai-call';
import { readScopeNotes } from '../../ai/scope/read-scope-notes';
import { resolveAiScope } from '../../ai/scope/resolve-ai-scope';
import { defineOperation } from '../operation';
import { APPLY_INPUTS, DELIVERY_INPUTS } from '../../ai/ai-schemas';

/** `ai_metadata`: fills or refines typed frontmatter fields from the notes' content (seed 002 §5.6). */
export const aiMetadata = defineOperation({
  name: 'ai_metadata',
  title: 'Fill frontmatter with AI',
  description:
    'Fill typed frontmatter fields from note content, validated and cited, as note_patch drafts.',
  input: metadataInputSchema,
  output: metadataOutputSchema,
  scope: 'vault:read',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  requires: 'chat',
  streams: true,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/metadata' },
  cli: ['ai', 'metadata'],
  writesWhen: (input) => input.apply === true,
  writeInputs: APPLY_INPUTS,
  async run(input, context) {
    const scope = await resolveAiScope(context, input.scope);
    const notes = await readScopeNotes(context, scope.paths);
    return runAiCall(context, {
      op: 'metadata',
      needs: 'chat',
      input,
      fingerprint: notes,
      warnings: scope.warnings,
      produce: (session) => produceMetadata(context, session, notes, input),
      apply: (product, session) => applyMetadata(context, product, input, session),
    });
  },
  summarize: (output) => {
    const values = output.results.reduce((sum, result) => sum + Object.values(result.fields).filter((field) => field.value !== null).length, 0);
    const written = output.applied === undefined ? '' : `, wrote ${output.applied.length} note${output.applied.length === 1 ? '' : 's'}`;
    return `Found ${values} value${values === 1 ? '' : 's'} in ${output.results.length} note${output.results.length === 1 ? '' : 's'}${written}; ${output.warnings.length} warning${output.warnings.length === 1 ? '' : 's'}.`;
  },
});
