import * as z from 'zod';
import { aiCallFields, aiScopeSchema, citeField, languageField, maxTokensField, searchFiltersSchema, searchModeField, styleField } from '../ai-schemas';

/** Notes retrieved for a question when `retrieve.top_k` is not given (seed 002 §5.2). */
export const DEFAULT_TOP_K = 8;

/** The most earlier turns accepted in `history`. */
const MAX_HISTORY_TURNS = 50;

const historyTurnSchema = z
  .object({
    role: z.enum(['user', 'assistant']).describe('Speaker.'),
    content: z.string().max(20_000).describe('Text.'),
  })
  .strict();

/** The input of `ai_ask` (seed 002 §5.2) plus the delivery fields every AI call takes. */
export const askInputSchema = z.object({
  question: z.string().trim().min(1).max(2000).describe('Question.'),
  scope: aiScopeSchema.optional().describe('Default all notes.'),
  retrieve: z
    .object({
      mode: searchModeField.optional().describe('Default hybrid.'),
      top_k: z.number().int().min(1).max(50).optional().describe(`Notes (default ${DEFAULT_TOP_K}).`),
      filters: searchFiltersSchema.optional(),
    })
    .strict()
    .optional()
    .describe('Retrieval.'),
  style: styleField,
  language: languageField,
  max_tokens: maxTokensField,
  cite: citeField,
  conversation_id: z.string().min(1).max(200).optional().describe('Cache partition id.'),
  history: z.array(historyTurnSchema).max(MAX_HISTORY_TURNS).optional().describe('Prior turns, oldest first.'),
  ...aiCallFields,
  stream: z.boolean().optional().describe('Stream answer.'),
});

/** A parsed `ai_ask` input. */
export type AskInput = z.output<typeof askInputSchema>;
