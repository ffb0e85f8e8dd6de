import * as z from 'zod';
import { aiCallFields, aiScopeSchema, languageField, maxTokensField } from '../ai-schemas';
import { RELATION_LABELS } from './relation-labels';

/** The notes whose relationships are looked for. */
export const relateSourceSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('path'), path: z.string().min(1).describe('Note.') }).strict(),
    z.object({ kind: z.literal('paths'), paths: z.array(z.string().min(1)).min(1).max(50).describe('Notes.') }).strict(),
    z.object({ kind: z.literal('scope'), scope: aiScopeSchema }).strict(),
  ])
  .describe('Source notes (max 50).');

/** The input of ai_relate (seed 002 §5.4 `RelateInput`). */
export const relateInputSchema = z.object({
  source: relateSourceSchema,
  candidates: aiScopeSchema.optional().describe('Default: all notes.'),
  top_k: z.number().int().min(1).max(50).optional().describe('Per source (default 10).'),
  retrieve_mode: z.enum(['semantic', 'lexical', 'hybrid']).optional().describe('Default hybrid.'),
  classify: z.boolean().optional().describe('Type edges (chat model).'),
  relations: z.array(z.enum(RELATION_LABELS)).min(1).optional().describe('Allowed types.'),
  threshold: z.number().min(0).max(1).optional().describe('Min score.'),
  propose_links: z.boolean().optional().describe('Draft link patches.'),
  language: languageField,
  max_tokens: maxTokensField,
  ...aiCallFields,
});

/** A parsed ai_relate input. */
export type RelateInput = z.output<typeof relateInputSchema>;
