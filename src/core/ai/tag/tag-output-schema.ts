import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, proposedPatchSchema, scopeResolvedSchema } from '../ai-schemas';

/** One tag suggested for a note, with the lines that justify it. */
export const suggestedTagSchema = z.object({
  tag: z.string().describe('The tag without #, in the vault\'s canonical casing when it already exists.'),
  confidence: z.number().min(0).max(1).describe('How sure the model is that the tag fits, 0–1.'),
  is_new: z.boolean().describe('True when no note of the vault carries this tag yet.'),
  rationale: z.string().optional().describe('Why it fits, in a sentence.'),
  evidence: z.array(citationSchema).describe('Verified citations of the note\'s lines that justify the tag (empty with cite: false).'),
});

/** A tag suggestion as returned. */
export type SuggestedTag = z.output<typeof suggestedTagSchema>;

/** The tags suggested for one note, pinned to the revision read. */
export const tagSuggestionSchema = z.object({
  path: z.string().describe('The note.'),
  etag: z.string().describe('ETag of the revision the suggestions were made from.'),
  tags: z.array(suggestedTagSchema).describe('Suggested tags, highest confidence first.'),
});

/** The suggestions for one note. */
export type TagSuggestion = z.output<typeof tagSuggestionSchema>;

/** One note written by `apply: true`. */
export const appliedTagWriteSchema = z.object({
  path: z.string().describe('The note written.'),
  etag: z.string().describe('Its etag after the write.'),
  tags_added: z.array(z.string()).describe('Tags added to its frontmatter.'),
  tags_removed: z.array(z.string()).describe('Tags removed from its frontmatter (only under apply_mode replace).'),
});

/** A tag write. */
export type AppliedTagWrite = z.output<typeof appliedTagWriteSchema>;

/** The output of `ai_tag` (seed 002 §5.5). */
export const aiTagOutputSchema = z.object({
  suggestions: z.array(tagSuggestionSchema).describe('Suggested tags per note, in path order.'),
  applied: z.array(appliedTagWriteSchema).optional().describe('Notes written (present iff apply: true); notes left unchanged are reported by apply_skipped_no_change warnings.'),
  proposed_patches: z.array(proposedPatchSchema).optional().describe('Draft note_patch calls that would write the suggestions (present iff apply is not true).'),
  scope_resolved: scopeResolvedSchema.describe('The notes tagged (after the AI globs) and their estimated size.'),
  vocabulary: z
    .object({
      existing: z.array(z.string()).describe('Suggested tags the vault already uses.'),
      new: z.array(z.string()).describe('Suggested tags new to the vault.'),
    })
    .describe('The suggested tags split by whether the vault already has them.'),
  citations: z.array(citationSchema).describe('Every verified citation behind the suggestions, de-duplicated.'),
  usage: aiUsageSchema.describe('Tokens, cost and model calls of this call (zero when served from the cache).'),
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions: tag_invalid, tag_below_threshold, ungrounded_dropped, apply_skipped_no_change, apply_failed, globs_excluded…'),
});

/** An `ai_tag` result. */
export type AiTagOutput = z.output<typeof aiTagOutputSchema>;
