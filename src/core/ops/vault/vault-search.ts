import * as z from 'zod';
import { IndxError } from '../../errors';
import { defineOperation, READ_ONLY } from '../operation';
import { renderHits } from '../render/render-hits';
import { cursorField, limitField, nextCursorField } from '../schemas';

/** Longest query accepted: a question or a paragraph, not a document (each word costs a posting scan). */
const MAX_QUERY_LENGTH = 2000;

const resultSchema = z.object({
  path: z.string().describe('Vault-relative path of the note.'),
  title: z.string().describe('File name without extension, as Obsidian shows it.'),
  score: z.number().describe('Relevance from 0 to 1. Lexical: the share of the best score the query words could reach; semantic: cosine similarity; hybrid: reciprocal rank fusion, 1 = first in both rankings.'),
  snippet: z.string().describe('A one-line excerpt of the best matching section, matched words wrapped in **…**; … marks cut text.'),
  heading: z.string().nullable().describe('Heading of the best matching section, or null for the text before the first heading.'),
  line: z.number().int().describe('0-based line where that section starts (pass to note_read or use with note_outline).'),
  tags: z.array(z.string()).describe('Tags of the note without #, frontmatter first.'),
  matched_in: z.array(z.enum(['title', 'aliases', 'tags', 'path', 'headings', 'body', 'semantic'])).describe('Where the query matched: note fields (title, aliases, tags, path), the best section (headings, body), or semantic for an embedding match.'),
});

const warningSchema = z.object({
  code: z.enum(['embeddings_unavailable', 'index_building']).describe('embeddings_unavailable: semantic or hybrid was asked but no embedding provider works, so the results are lexical. index_building: the index is still being built, so results cover only the notes indexed so far.'),
  message: z.string().describe('What happened and what to do.'),
});

/** `vault_search`: full-text (BM25), semantic or hybrid search over the vault's notes, by section. */
export const vaultSearch = defineOperation({
  name: 'vault_search',
  title: 'Search the vault',
  description: 'Search notes by words (lexical), meaning (semantic, needs embeddings) or both (hybrid). Each hit gives the best matching section (heading, line) with a snippet.',
  input: z.object({
    q: z.string().trim().min(1).max(MAX_QUERY_LENGTH).describe(`Words, a phrase or a question (max ${MAX_QUERY_LENGTH} chars). Lexical ignores case, accents and word endings.`),
    mode: z.enum(['lexical', 'semantic', 'hybrid']).optional().describe('Default hybrid if embeddings are configured, else lexical; without embeddings semantic and hybrid fall back to lexical with a warning.'),
    tag: z.array(z.string()).optional().describe('Only notes with every tag (nested tags match; # optional).'),
    path_glob: z.string().optional().describe('Only paths matching this glob, e.g. "Projects/**".'),
    limit: limitField(10, 100),
    cursor: cursorField,
    min_score: z.number().min(0).max(1).optional().describe('Drop results scoring below this.'),
    fuzzy: z.boolean().default(false).describe('Also match words one typo away (4+ letters). Slower, less precise.'),
    prefix: z.boolean().default(false).describe('Also match words starting with a query word ("kube" finds "kubernetes"). Slower, less precise.'),
  }),
  output: z.object({
    query: z.string().describe('The query as searched (q, trimmed).'),
    results: z.array(resultSchema).describe('This page of notes, best first.'),
    next_cursor: nextCursorField,
    mode_used: z.enum(['lexical', 'semantic', 'hybrid']).describe('The mode that produced the results (lexical after a fallback).'),
    warnings: z.array(warningSchema).optional().describe('Conditions worth knowing; present only when there are any.'),
    index: z
      .object({
        state: z.enum(['idle', 'building', 'ready']).describe('building while notes are still being indexed.'),
        indexed: z.number().int().describe('Notes indexed so far.'),
        total: z.number().int().describe('Notes to index in all.'),
      })
      .optional()
      .describe('Index progress; present only while the index is being built.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/search' },
  cli: ['search'],
  run(input, context) {
    if (context.search === null) throw new IndxError('internal_error', 'Search is switched off in this engine (created with search: false). Open the vault with search enabled.', {});
    return context.search.search(input).then((response) => ({ query: input.q, ...response }));
  },
  summarize(output) {
    const top = output.results[0];
    const found = `Found ${output.results.length} result${output.results.length === 1 ? '' : 's'} for '${output.query}' (${output.mode_used}).`;
    return top === undefined ? found : `${found} Top hit: ${top.path} (score ${top.score.toFixed(2)}).`;
  },
  render: renderHits,
});
