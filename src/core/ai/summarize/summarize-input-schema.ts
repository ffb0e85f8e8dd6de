import * as z from 'zod';
import { aiCallFields, aiScopeSchema, citeField, languageField, maxTokensField, styleField } from '../ai-schemas';

/** The parts of a summary a caller may ask for (`text` always comes). */
export const SUMMARY_PARTS = ['tldr', 'key_points', 'open_questions', 'outline'] as const;

/** One optional part of a summary. */
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

/** The input of `ai_summarize` (seed 002 §5.1) plus the delivery fields every AI call takes. */
export const summarizeInputSchema = z.object({
  scope: aiScopeSchema,
  style: styleField,
  length: z.enum(['short', 'medium', 'long']).optional().describe('Default medium.'),
  language: languageField,
  audience: z.string().min(1).max(200).optional().describe('Reader.'),
  include: z.array(z.enum(SUMMARY_PARTS)).optional().describe('Default tldr, key_points.'),
  max_tokens: maxTokensField,
  cite: citeField,
  ...aiCallFields,
  stream: z.boolean().optional().describe('Stream text.'),
});

/** A parsed `ai_summarize` input. */
export type SummarizeInput = z.output<typeof summarizeInputSchema>;
