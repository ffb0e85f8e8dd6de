import * as z from 'zod';
import { aiScopeSchema } from '../ai-schemas';
import { applyInputFields } from '../apply/apply-input-fields';

/** The default cap on tags per note (seed 002 §5.5). */
export const DEFAULT_MAX_PER_NOTE = 5;

/** The default confidence below which a proposed tag is dropped (seed 002 §5.5). */
export const DEFAULT_MIN_CONFIDENCE = 0.6;

const tagList = (what: string) => z.array(z.string().min(1).max(200)).min(1).max(500).optional().describe(what);

/** How the vault's tag vocabulary shapes the suggestions. */
export const tagVocabularySchema = z
  .object({
    use_existing: z.boolean().optional().describe('Prefer vault tags; default true.'),
    allow_new: z.boolean().optional().describe('Default true.'),
    candidates: tagList('Only these.'),
    forbid: tagList('Never these (or nested).'),
    namespace: z.string().min(1).max(200).optional().describe('Only under it.'),
    max_per_note: z.number().int().min(1).max(50).optional().describe(`Default ${DEFAULT_MAX_PER_NOTE}.`),
    min_confidence: z.number().min(0).max(1).optional().describe(`Default ${DEFAULT_MIN_CONFIDENCE}.`),
  })
  .strict();

/** The input of `ai_tag` (seed 002 §5.5, plus if_match_mode and cache_ttl_seconds). */
export const aiTagInputSchema = z.object({
  scope: aiScopeSchema,
  vocabulary: tagVocabularySchema.optional().describe('Vocabulary rules.'),
  apply: z.boolean().optional().describe('Write tags (else drafts).'),
  apply_mode: z.enum(['merge', 'replace']).optional().describe('Default merge.'),
  ...applyInputFields,
});

/** A parsed `ai_tag` input. */
export type AiTagInput = z.output<typeof aiTagInputSchema>;
