import { z } from 'zod';
import { aiCallFields, aiScopeSchema, languageField, maxTokensField } from '../ai-schemas';
import { RELATION_LABELS } from './relation-labels';

/** The notes whose relationships are looked for. */
export const relateSourceSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('path').describe('Source kind: one note.'), path: z.string().min(1).describe('Vault path of the note.') }).strict(),
    z.object({ kind: z.literal('paths').describe('Source kind: several notes.'), paths: z.array(z.string().min(1)).min(1).max(50).describe('Vault paths of the notes (at most 50).') }).strict(),
    z.object({ kind: z.literal('scope').describe('Source kind: the notes of a scope.'), scope: aiScopeSchema }).strict(),
  ])
  .describe('Source notes: {kind:"path",path}, {kind:"paths",paths} or {kind:"scope",scope} (at most 50 notes).');

/** The input of ai_relate (seed 002 §5.4 `RelateInput`). */
export const relateInputSchema = z.object({
  source: relateSourceSchema,
  candidates: aiScopeSchema.optional().describe('Only notes of this scope can be related (default: every note the AI globs allow).'),
  top_k: z.number().int().min(1).max(50).optional().describe('Most neighbours considered per source note (default 10).'),
  retrieve_mode: z.enum(['semantic', 'lexical', 'hybrid']).optional().describe('How neighbours are found: semantic (embeddings), lexical (the source\'s title and most frequent words), hybrid (default: both, each note keeping its best similarity). Without embeddings: lexical, with embeddings_unavailable.'),
  classify: z.boolean().optional().describe('Type each relationship with the chat model (default: true when a chat model is configured). Without one, a deterministic heuristic labels what it can (cites, same_topic) with chat_unavailable.'),
  relations: z.array(z.enum(RELATION_LABELS)).min(1).optional().describe('Only these relationship types may be assigned (default: all).'),
  threshold: z.number().min(0).max(1).optional().describe('Drop edges below this (0–1): their confidence when classified, else their similarity.'),
  propose_links: z.boolean().optional().describe('Return note_patch drafts adding a "## Related" list item to each source for related notes it does not link yet (never applied).'),
  language: languageField,
  max_tokens: maxTokensField,
  ...aiCallFields,
});

/** A parsed ai_relate input. */
export type RelateInput = z.output<typeof relateInputSchema>;
