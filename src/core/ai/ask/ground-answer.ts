import type { Citation } from '../ai-schemas';
import type { VerifyCandidates } from '../summarize/citation-check';
import { uniqueCitations } from '../grounding/unique-citations';
import type { ModelAnswer } from './model-answer';
import { unsupportedAnswer, type GroundedAnswer } from './unsupported-answer';

/**
 * Grounds an answer reply (seed 002 §5.2, §6): its citations are verified (failures warned as
 * citation_drift / citation_invalid). A reply the model marks unsupported, or one under `cite`
 * none of whose citations survives, becomes the "I don't know" answer with low confidence and an
 * `unsupported_question` warning. For ai_ask this is deliberately not `ai_grounding_failed`: the
 * seed's answer to ungroundable evidence is the low-confidence stub, which is a valid answer.
 */
export async function groundAnswer(reply: ModelAnswer, verify: VerifyCandidates, cite: boolean): Promise<GroundedAnswer> {
  if (!reply.supported) return unsupportedAnswer('The model found no answer in the retrieved notes.', reply.followups);
  if (!cite) return { answer: { answer: reply.answer, confidence: reply.confidence, citations: [], followups: reply.followups }, warnings: [] };
  const check = await verify(reply.citations);
  if (check.citations.length === 0) {
    const stub = unsupportedAnswer(`None of the ${reply.citations.length} citation${reply.citations.length === 1 ? '' : 's'} of the answer could be verified against the notes, so it was withheld.`, reply.followups);
    return { answer: stub.answer, warnings: [...check.warnings, ...stub.warnings] };
  }
  const citations: Citation[] = uniqueCitations(check.citations);
  return { answer: { answer: reply.answer, confidence: reply.confidence, citations, followups: reply.followups }, warnings: check.warnings };
}
