import { applyExtract } from '../../ai/extract/apply-extract';
import { compileExtractSchema } from '../../ai/extract/compile-extract-schema';
import { extractInputSchema } from '../../ai/extract/extract-input-schema';
import { extractOutputSchema } from '../../ai/extract/extract-output-schema';
import { produceExtract } from '../../ai/extract/produce-extract';
import { runAiCall } from '../../ai/runtime/run-ai-call';
import { readScopeNotes } from '../../ai/scope/read-scope-notes';
import { resolveAiScope } from '../../ai/scope/resolve-ai-scope';
import { defineOperation } from '../operation';
import { APPLY_INPUTS, DELIVERY_INPUTS } from '../../ai/ai-schemas';

/** `ai_extract`: pulls structured data out of notes into a caller-supplied JSON Schema (seed 002 §5.7). */
export const aiExtract = defineOperation({
  name: 'ai_extract',
  title: 'Extract data with AI',
  description:
    'Extract data from notes into your JSON Schema, validated and cited.',
  input: extractInputSchema,
  output: extractOutputSchema,
  scope: 'vault:read',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  requires: 'chat',
  streams: true,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/extract' },
  cli: ['ai', 'extract'],
  writesWhen: (input) => input.apply === true,
  writeInputs: APPLY_INPUTS,
  async run(input, context) {
    const schema = compileExtractSchema(input.schema);
    const scope = await resolveAiScope(context, input.scope);
    const notes = await readScopeNotes(context, scope.paths);
    const read = new Map(notes.map((note) => [note.path, note.frontmatter]));
    return runAiCall(context, {
      op: 'extract',
      needs: 'chat',
      input,
      fingerprint: notes,
      warnings: scope.warnings,
      produce: (session) => produceExtract(context, session, notes, input, schema),
      apply: (product, session) => applyExtract(context, product, input, session, read),
    });
  },
  summarize: (output) => {
    const found = output.results.filter((result) => result.data !== null).length;
    const written = output.applied === undefined ? '' : `, wrote ${output.applied.length} note${output.applied.length === 1 ? '' : 's'}`;
    return `Extracted data from ${found} of ${output.results.length} note${output.results.length === 1 ? '' : 's'}${written}; ${output.warnings.length} warning${output.warnings.length === 1 ? '' : 's'}.`;
  },
});
