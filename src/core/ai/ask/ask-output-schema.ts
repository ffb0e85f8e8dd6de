import * as z from 'zod';
import { aiUsageSchema, aiWarningSchema, citationSchema } from '../ai-schemas';

/** Where a retrieved note matched the question, in the seed's terms. */
export const ASK_MATCH_FIELDS = ['title', 'body', 'tags', 'frontmatter'] as const;

/** A field a retrieved note matched in. */
export type AskMatchField = (typeof ASK_MATCH_FIELDS)[number];

/** How sure the model is of an answer. */
export const ASK_CONFIDENCES = ['high', 'medium', 'low', 'unknown'] as const;

/** One note retrieved as evidence. */
export const retrievedNoteSchema = z.object({
  path: z.string().describe('The note.'),
  score: z.number().describe('Its search score (0–1); 0 for a note of the scope the search did not rank.'),
  matched_in: z.array(z.enum(ASK_MATCH_FIELDS)).describe('Where the question matched: title (title, aliases, path), body (headings, text, meaning), tags.'),
});

/** A retrieved note. */
export type RetrievedNote = z.output<typeof retrievedNoteSchema>;

/** The output of `ai_ask` (seed 002 §5.2). */
export const askOutputSchema = z.object({
  answer: z.string().describe('The answer as markdown, or "I don\'t know based on the indexed vault." when the notes do not support one.'),
  confidence: z.enum(ASK_CONFIDENCES).describe('How well the notes support the answer (low for the "I don\'t know" answer).'),
  citations: z.array(citationSchema).describe('Verified citations of the answer, de-duplicated; empty under cite: false or when unsupported.'),
  retrieved: z.array(retrievedNoteSchema).describe('The notes retrieved as evidence, best first.'),
  followups: z.array(z.string()).optional().describe('Suggested next questions.'),
  usage: aiUsageSchema,
  warnings: z.array(aiWarningSchema).describe('Non-fatal conditions (unsupported_question, embeddings_unavailable, globs_excluded, citation_drift, ai_cache_hit…).'),
});

/** An `ai_ask` result. */
export type AskOutput = z.output<typeof askOutputSchema>;
