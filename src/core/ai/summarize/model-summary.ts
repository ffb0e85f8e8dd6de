import * as z from 'zod';
import { citationCandidateSchema, type CitationCandidate } from '../grounding/citation-candidate';

/** A key point as the model wrote it, with the citations it claims. */
export interface ModelKeyPoint {
  text: string;
  citations: CitationCandidate[];
}

const keyPointSchema = z.union([
  z.string().transform((text) => ({ text, citations: [] as CitationCandidate[] })),
  z.object({ text: z.string(), citations: z.array(citationCandidateSchema).nullish() }).transform((point) => ({ text: point.text, citations: point.citations ?? [] })),
]);

/**
 * A summary reply as the model returned it (see `createSummaryJsonSchema`), before grounding:
 * parts it was not asked for are ignored by the caller, absent lists read as empty.
 */
export const modelSummarySchema = z.object({
  tldr: z.string().nullish().transform((value) => value ?? undefined),
  text: z.string(),
  key_points: z.array(keyPointSchema).nullish().transform((value): ModelKeyPoint[] => value ?? []),
  open_questions: z.array(z.string()).nullish().transform((value) => value ?? []),
  citations: z.array(citationCandidateSchema).nullish().transform((value) => value ?? []),
});

/** A parsed summary reply. */
export type ModelSummary = z.output<typeof modelSummarySchema>;
