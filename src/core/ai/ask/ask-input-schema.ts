import { z } from 'zod';
import { aiCallFields, aiScopeSchema, citeField, languageField, maxTokensField, searchFiltersSchema, searchModeField, styleField } from '../ai-schemas';

/** Notes retrieved for a question when `retrieve.top_k` is not given (seed 002 §5.2). */
export const DEFAULT_TOP_K = 8;

/** The most earlier turns accepted in `history`. */
const MAX_HISTORY_TURNS = 50;

const historyTurnSchema = z
  .object({
    role: z.enum(['user', 'assistant']).describe('Who said it.'),
    content: z.string().max(20_000).describe('What was said.'),
  })
  .strict();

/** The input of `ai_ask` (seed 002 §5.2) plus the delivery fields every AI call takes. */
export const askInputSchema = z.object({
  question: z.string().trim().min(1).max(2000).describe('The question, in natural language (at most 2000 characters).'),
  scope: aiScopeSchema.optional().describe('Answer only from these notes (default: the whole vault, as far as the AI globs allow).'),
  retrieve: z
    .object({
      mode: searchModeField.optional().describe('How notes are retrieved: lexical, semantic or hybrid. Default hybrid with embeddings, else lexical (with embeddings_unavailable).'),
      top_k: z.number().int().min(1).max(50).optional().describe(`How many notes are retrieved as evidence (default ${DEFAULT_TOP_K}).`),
      filters: searchFiltersSchema.optional(),
    })
    .strict()
    .optional()
    .describe('Retrieval settings: the search that picks the evidence.'),
  style: styleField,
  language: languageField,
  max_tokens: maxTokensField,
  cite: citeField,
  conversation_id: z.string().min(1).max(200).optional().describe('Opaque id of a conversation: only partitions the cache (the server keeps no chat memory; pass history).'),
  history: z.array(historyTurnSchema).max(MAX_HISTORY_TURNS).optional().describe('Earlier turns of the conversation, oldest first; the most recent ones that fit are sent to the model.'),
  ...aiCallFields,
  stream: z.boolean().optional().describe('Deliver the answer as it is generated (where the surface streams); the final result is the same.'),
});

/** A parsed `ai_ask` input. */
export type AskInput = z.output<typeof askInputSchema>;
