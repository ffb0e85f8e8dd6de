import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema, scopeResolvedSchema } from '../ai-schemas';

/** One heading of the outline part: taken from the notes, never from the model. */
export const outlineItemSchema = z.object({
  heading: z.string().describe('Heading text as written.'),
  line: z.number().int().min(0).describe('0-based line of the heading.'),
  path: z.string().describe('The note it is in.'),
});

/** A heading of the outline part. */
export type OutlineItem = z.output<typeof outlineItemSchema>;

/** The summary itself: text always, the other parts when asked for. */
export const summarySchema = z.object({
  tldr: z.string().optional().describe('One or two sentences.'),
  text: z.string().describe('The summary, formatted markdown.'),
  key_points: z.array(z.string()).optional().describe('The main points; under cite each had at least one verified citation (the rest were dropped with ungrounded_dropped).'),
  open_questions: z.array(z.string()).optional().describe('Questions the notes leave open.'),
  outline: z.array(outlineItemSchema).optional().describe('The notes\' headings in path and line order.'),
});

/** The output of `ai_summarize` (seed 002 §5.1). */
export const summarizeOutputSchema = z.object({
  scope_resolved: scopeResolvedSchema,
  summary: summarySchema.describe('The summary: text, and the parts asked for with include.'),
  citations: z.array(citationSchema).describe('Verified citations of the summary, de-duplicated, in order of first use; empty under cite: false.'),
  usage: aiUsageSchema,
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (globs_excluded, ungrounded_dropped, citation_drift, ai_cache_hit, truncated…).'),
});

/** An `ai_summarize` result. */
export type SummarizeOutput = z.output<typeof summarizeOutputSchema>;
