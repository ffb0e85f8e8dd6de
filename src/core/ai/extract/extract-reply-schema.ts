import * as z from 'zod';
import { citationCandidateSchema } from '../grounding/citation-candidate';

/**
 * The model's reply for one note, read leniently: `data` is checked against the caller's schema
 * afterwards (so invalid items can be dropped one by one), a missing one reads as null.
 */
export const extractReplySchema = z.object({
  data: z.unknown(),
  confidence: z.number().nullish(),
  citations: z.array(citationCandidateSchema).nullish(),
});
