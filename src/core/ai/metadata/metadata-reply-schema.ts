import * as z from 'zod';
import { citationCandidateSchema } from '../grounding/citation-candidate';

/** One field of the model's reply, before the runtime's checks. */
const replyFieldSchema = z.object({
  value: z.unknown(),
  confidence: z.number().nullish(),
  rationale: z.string().nullish(),
  evidence: z.array(citationCandidateSchema).nullish(),
});

/**
 * The model's reply for one note, read leniently (a missing key reads as null; values are typed
 * later, field by field, so one bad value drops that field and not the reply).
 */
export const metadataReplySchema = z.object({ fields: z.record(z.string(), replyFieldSchema.nullable()) });

/** One field as the model returned it. */
export type MetadataReplyField = z.output<typeof replyFieldSchema>;
