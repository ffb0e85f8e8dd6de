import type { AiWarning } from '../ai-schemas';
import type { AskOutput } from './ask-output-schema';

/** The answer given when the vault does not support one (seed 002 §5.2). */
export const UNSUPPORTED_ANSWER = "I don't know based on the indexed vault.";

/** An answer after grounding, and the warnings grounding raised. */
export interface GroundedAnswer {
  answer: Pick<AskOutput, 'answer' | 'confidence' | 'citations' | 'followups'>;
  warnings: AiWarning[];
}

/** The "I don't know" answer with its `unsupported_question` warning saying why. */
export function unsupportedAnswer(reason: string, followups: string[] = []): GroundedAnswer {
  return {
    answer: { answer: UNSUPPORTED_ANSWER, confidence: 'low', citations: [], ...(followups.length === 0 ? {} : { followups }) },
    warnings: [{ code: 'unsupported_question', message: `${reason} The answer is the low-confidence "I don't know" stub; rephrase the question or widen the scope.` }],
  };
}
