import * as z from 'zod';
import { citationCandidateSchema } from '../grounding/citation-candidate';
import { clampConfidence } from '../grounding/clamp-confidence';

const proposedTagSchema = z.object({
  tag: z.string(),
  // Some models overshoot the 0–1 scale by rounding; a confidence is clamped, not refused.
  confidence: z.number().transform(clampConfidence),
  rationale: z.string().nullish().transform((value) => (value === null || value === undefined || value.trim() === '' ? undefined : value.trim())),
  evidence: z.array(citationCandidateSchema).nullish().transform((value) => value ?? []),
});

/**
 * An ai_tag reply as the model returned it (see `createTagJsonSchema`), before screening and
 * grounding. Providers in strict JSON Schema mode send null for what they leave out, so null
 * reads as absent.
 */
export const modelTagReplySchema = z.object({
  notes: z.array(z.object({ path: z.string(), tags: z.array(proposedTagSchema) })),
});

/** A parsed ai_tag reply. */
export type ModelTagReply = z.output<typeof modelTagReplySchema>;

/** One tag as the model proposed it. */
export type ProposedTag = ModelTagReply['notes'][number]['tags'][number];
