import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, proposedPatchSchema, scopeResolvedSchema } from '../ai-schemas';

const resultSchema = z.object({
  path: z.string().describe('The note.'),
  etag: z.string().describe('ETag of the revision the data was read from.'),
  data: z.unknown().describe('The extracted data, valid against the schema (invalid array items left out); null when the note holds nothing valid.'),
  confidence: z.number().min(0).max(1).describe('The model\'s confidence, 0–1.'),
  citations: z.array(citationSchema).describe('Verified citations of the lines the data comes from.'),
});

const appliedSchema = z.object({
  path: z.string().describe('The note written.'),
  etag: z.string().describe('Its etag after the write.'),
  key: z.string().describe('The frontmatter key written.'),
});

/** The output of ai_extract (seed 002 §5.7). */
export const extractOutputSchema = z.object({
  results: z.array(resultSchema).describe('Per note, the data extracted.'),
  applied: z.array(appliedSchema).optional().describe('Notes written (present iff apply: true).'),
  proposed_patches: z.array(proposedPatchSchema).optional().describe('Draft note_patch calls writing the data to destination_key (destination "frontmatter" without apply).'),
  scope_resolved: scopeResolvedSchema.describe('The notes read (AI-glob-excluded ones left out) and their estimated tokens.'),
  usage: aiUsageSchema.describe('Tokens, model calls and best-effort cost of this call (zero when served from the cache).'),
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (extract_invalid, ungrounded_dropped, citation_drift, apply_skipped_no_change, globs_excluded, ai_cache_hit…).'),
});

/** One note's result. */
export type ExtractResult = z.output<typeof resultSchema>;

/** One note written by an apply. */
export type AppliedExtractWrite = z.output<typeof appliedSchema>;
