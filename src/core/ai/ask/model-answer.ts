import * as z from 'zod';
import { citationCandidateSchema } from '../grounding/citation-candidate';
import { ASK_CONFIDENCES } from './ask-output-schema';

/** An answer reply as the model returned it (see `createAnswerJsonSchema`), before grounding. */
export const modelAnswerSchema = z.object({
  answer: z.string(),
  confidence: z.enum(ASK_CONFIDENCES).nullish().transform((value) => value ?? 'unknown'),
  supported: z.boolean().nullish().transform((value) => value ?? true),
  followups: z.array(z.string()).nullish().transform((value) => value ?? []),
  citations: z.array(citationCandidateSchema).nullish().transform((value) => value ?? []),
});

/** A parsed answer reply. */
export type ModelAnswer = z.output<typeof modelAnswerSchema>;
