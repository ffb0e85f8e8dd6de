import { DELIVERY_INPUTS } from '../../ai/ai-schemas';
import { askInputSchema } from '../../ai/ask/ask-input-schema';
import { askOutputSchema, type AskOutput } from '../../ai/ask/ask-output-schema';
import { produceAnswer } from '../../ai/ask/produce-answer';
import { retrieveEvidence } from '../../ai/ask/retrieve-evidence';
import { toAskMatchFields } from '../../ai/ask/to-ask-match-fields';
import { verifyCitations } from '../../ai/grounding/verify-citations';
import { runAiCall } from '../../ai/runtime/run-ai-call';
import { readScopeNotes } from '../../ai/scope/read-scope-notes';
import { defineOperation, READ_ONLY } from '../operation';

/** `ai_ask`: a question answered from retrieved vault notes, with verified citations (seed 002 §5.2). */
export const aiAsk = defineOperation({
  name: 'ai_ask',
  title: 'Ask the vault with AI',
  description:
    'Answer a question from vault notes with verified citations and a confidence, or "I don\'t know". Pass history for follow-ups.',
  input: askInputSchema,
  output: askOutputSchema,
  scope: 'vault:read',
  annotations: { ...READ_ONLY, openWorldHint: true },
  requires: 'chat',
  streams: true,
  deliveryInputs: DELIVERY_INPUTS,
  http: { method: 'POST', path: '/v1/ai/ask' },
  cli: ['ai', 'ask'],
  async run(input, context) {
    const retrieval = await retrieveEvidence(context, input);
    const notes = await readScopeNotes(context, retrieval.hits.map((hit) => hit.path));
    const evidence = notes.map((note, index) => ({ note, line: retrieval.hits[index]?.line ?? null }));
    const retrieved = retrieval.hits.map((hit) => ({ path: hit.path, score: hit.score, matched_in: toAskMatchFields(hit.matched_in) }));
    return runAiCall(context, {
      op: 'ask',
      needs: 'chat',
      input,
      fingerprint: notes,
      warnings: retrieval.warnings,
      produce: (session) => produceAnswer(session, evidence, retrieved, input, { verify: (candidates) => verifyCitations(context, candidates, notes), provider: context.ai.chat?.provider }),
    });
  },
  summarize: summarizeAnswer,
});

function summarizeAnswer(output: AskOutput): string {
  const notes = output.retrieved.length;
  const citations = output.citations.length;
  return `Answered from ${notes} note${notes === 1 ? '' : 's'} (confidence ${output.confidence}, ${citations} citation${citations === 1 ? '' : 's'}).`;
}
