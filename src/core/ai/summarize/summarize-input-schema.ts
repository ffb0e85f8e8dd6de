import { z } from 'zod';
import { aiCallFields, aiScopeSchema, citeField, languageField, maxTokensField, styleField } from '../ai-schemas';

/** The parts of a summary a caller may ask for (`text` always comes). */
export const SUMMARY_PARTS = ['tldr', 'key_points', 'open_questions', 'outline'] as const;

/** One optional part of a summary. */
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

/** The input of `ai_summarize` (seed 002 §5.1) plus the delivery fields every AI call takes. */
export const summarizeInputSchema = z.object({
  scope: aiScopeSchema,
  style: styleField,
  length: z.enum(['short', 'medium', 'long']).optional().describe('Target length of the summary text: short (~50 tokens), medium (~200, default) or long (~600).'),
  language: languageField,
  audience: z.string().min(1).max(200).optional().describe('Who the summary is for, e.g. "incident responder"; shapes emphasis and vocabulary.'),
  include: z.array(z.enum(SUMMARY_PARTS)).optional().describe('Parts besides the text: tldr (1–2 sentences), key_points, open_questions, outline (the notes\' real headings). Default: tldr and key_points.'),
  max_tokens: maxTokensField,
  cite: citeField,
  ...aiCallFields,
  stream: z.boolean().optional().describe('Deliver the summary text as it is generated (where the surface streams); the final result is the same.'),
});

/** A parsed `ai_summarize` input. */
export type SummarizeInput = z.output<typeof summarizeInputSchema>;
