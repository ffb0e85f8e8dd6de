import { z } from 'zod';
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
    use_existing: z.boolean().optional().describe('Show the model the vault\'s existing tags (most used first) as the preferred set (default true).'),
    allow_new: z.boolean().optional().describe('Allow tags the vault does not have yet (default true); false keeps suggestions to existing tags (or candidates).'),
    candidates: tagList('Restrict suggestions to exactly these tags (with or without #); the model cannot propose any other.'),
    forbid: tagList('Never propose these tags, nor tags nested below them.'),
    namespace: z.string().min(1).max(200).optional().describe('Work only within this tag namespace: suggest only ns/… tags, and apply_mode replace leaves tags outside it alone.'),
    max_per_note: z.number().int().min(1).max(50).optional().describe(`Most tags kept per note, highest confidence first (default ${DEFAULT_MAX_PER_NOTE}).`),
    min_confidence: z.number().min(0).max(1).optional().describe(`Drop tags the model is less sure of than this, 0–1 (default ${DEFAULT_MIN_CONFIDENCE}); reported as tag_below_threshold.`),
  })
  .strict();

/** The input of `ai_tag` (seed 002 §5.5, plus if_match_mode and cache_ttl_seconds). */
export const aiTagInputSchema = z.object({
  scope: aiScopeSchema,
  vocabulary: tagVocabularySchema.optional().describe('Vocabulary options: use_existing, allow_new, candidates, forbid, namespace, max_per_note, min_confidence.'),
  apply: z.boolean().optional().describe('Write the suggested tags into each note\'s frontmatter `tags` (default false: suggest only, with draft note_patch calls in proposed_patches). Needs vault:write.'),
  apply_mode: z.enum(['merge', 'replace']).optional().describe('merge (default): add the suggestions to the note\'s frontmatter tags; replace: the frontmatter tags become the suggestions. Inline #tags in the body are never touched.'),
  ...applyInputFields,
});

/** A parsed `ai_tag` input. */
export type AiTagInput = z.output<typeof aiTagInputSchema>;
