import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, proposedPatchSchema, scopeResolvedSchema } from '../ai-schemas';

const fieldResultSchema = z.object({
  value: z.unknown().describe('The checked value (dates as YYYY-MM-DD, date-times as YYYY-MM-DDTHH:mm:ssZ); null when the note does not state it or the value was dropped.'),
  confidence: z.number().min(0).max(1).describe('The model\'s confidence, 0–1.'),
  rationale: z.string().optional().describe('Why this value, in a sentence.'),
  existing: z.unknown().optional().describe('The current frontmatter value of the key, when it has one (for diffs).'),
  evidence: z.array(citationSchema).describe('Verified citations of the lines that state the value.'),
});

const resultSchema = z.object({
  path: z.string().describe('The note.'),
  etag: z.string().describe('ETag of the revision the values were read from.'),
  fields: z.record(z.string(), fieldResultSchema).describe('Every requested key with its value.'),
});

const appliedSchema = z.object({
  path: z.string().describe('The note written.'),
  etag: z.string().describe('Its etag after the write.'),
  fields_set: z.array(z.string()).describe('Keys written.'),
  fields_skipped: z
    .array(z.object({ key: z.string().describe('The key not written.'), reason: z.enum(['existing_under_set_missing', 'validation_failed']).describe('existing_under_set_missing: the note already has a value; validation_failed: the model\'s value was dropped.') }))
    .describe('Keys not written: the note already had a value (set_missing / merge of a scalar), or the model\'s value failed validation.'),
});

/** The output of ai_metadata (seed 002 §5.6). */
export const metadataOutputSchema = z.object({
  results: z.array(resultSchema).describe('Per note, the value found for every requested key.'),
  applied: z.array(appliedSchema).optional().describe('Notes written (present iff apply: true).'),
  proposed_patches: z.array(proposedPatchSchema).optional().describe('Draft note_patch calls that would write the values (present iff apply is not true).'),
  scope_resolved: scopeResolvedSchema.describe('The notes read (AI-glob-excluded ones left out) and their estimated tokens.'),
  citations: z.array(citationSchema).describe('Every verified citation of the result.'),
  usage: aiUsageSchema.describe('Tokens, model calls and best-effort cost of this call (zero when served from the cache).'),
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (metadata_invalid, metadata_missing, ungrounded_dropped, citation_drift, apply_skipped_no_change, globs_excluded, ai_cache_hit…).'),
});

/** One note's result. */
export type MetadataResult = z.output<typeof resultSchema>;

/** One field of a note's result. */
export type MetadataFieldResult = z.output<typeof fieldResultSchema>;

/** One note written by an apply. */
export type AppliedMetadataWrite = z.output<typeof appliedSchema>;
