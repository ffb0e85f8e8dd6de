import { DELIVERY_INPUTS } from '../../ai/ai-schemas';
import { verifyCitations } from '../../ai/grounding/verify-citations';
import { runAiCall } from '../../ai/runtime/run-ai-call';
import { readScopeNotes } from '../../ai/scope/read-scope-notes';
import { resolveAiScope } from '../../ai/scope/resolve-ai-scope';
import { produceSummary } from '../../ai/summarize/produce-summary';
import { summarizeInputSchema } from '../../ai/summarize/summarize-input-schema';
import { summarizeOutputSchema, type SummarizeOutput } from '../../ai/summarize/summarize-output-schema';
import { defineOperation, READ_ONLY } from '../operation';

/** Characters of the tldr quoted in the one-line summary of a result. */
const QUOTED_TLDR_LENGTH = 100;

/** `ai_summarize`: a grounded summary of one note, many notes, or a query/tag scope (seed 002 §5.1). */
export const aiSummarize = defineOperation({
  name: 'ai_summarize',
  title: 'Summarize notes with AI',
  description:
    'Summarize notes: text, tldr, key points with verified citations, open questions, outline.',
  input: summarizeInputSchema,
  output: summarizeOutputSchema,
  scope: 'vault:read',
  annotations: { ...READ_ONLY, openWorldHint: true },
  requires: 'chat',
  streams: true,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/summarize' },
  cli: ['ai', 'summarize'],
  async run(input, context) {
    const scope = await resolveAiScope(context, input.scope);
    const notes = await readScopeNotes(context, scope.paths);
    return runAiCall(context, {
      op: 'summarize',
      needs: 'chat',
      input,
      fingerprint: notes,
      warnings: scope.warnings,
      produce: (session) => produceSummary(session, notes, input, { verify: (candidates) => verifyCitations(context, candidates, notes), provider: context.ai.chat?.provider }),
    });
  },
  summarize: summarizeResult,
});

function summarizeResult(output: SummarizeOutput): string {
  const count = output.scope_resolved.paths.length;
  const gist = (output.summary.tldr ?? output.summary.text).replace(/\s+/g, ' ').trim();
  const quoted = gist.length > QUOTED_TLDR_LENGTH ? `${gist.slice(0, QUOTED_TLDR_LENGTH)}…` : gist;
  return `Summarized ${count} note${count === 1 ? '' : 's'}: ${quoted}`;
}
