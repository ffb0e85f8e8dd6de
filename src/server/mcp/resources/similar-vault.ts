import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';
import { toSimilarityQuery } from '../../../core/ai/relate/similarity-query';
import { isAiDenied } from '../../../core/ai/scope/ai-path-filter';
import { extensionOf } from '../../../core/vault/paths';

interface NoteParts {
  path: string;
  body: string;
  outline: { heading: string }[];
}

interface SearchOutput {
  results: { path: string; title: string; score: number; snippet: string; heading: string | null }[];
  mode_used: string;
}

const SIMILAR_LIMIT = 10;

/**
 * `similar://vault/{+path}`: notes like a given note, found by searching with what the note is
 * about (title, headings, opening words; at most 2,000 characters) in the default mode: hybrid
 * when embeddings are configured, lexical otherwise. The note itself is left out. The query is
 * made of the note's text, so for a note the AI deny globs cover it stays lexical: that text never
 * goes to the embeddings provider.
 */
export const similarVaultResource: ResourceProvider = {
  name: 'vault_similar',
  title: 'Similar notes',
  description: 'Up to 10 notes similar to a note (by its title, headings and opening text; semantic when embeddings are configured), e.g. similar://vault/Projects/Plan.md.',
  mimeType: 'application/json',
  uriTemplate: 'similar://vault/{+path}',
  complete: { path: (value, engine) => completePaths(engine, value, (path) => extensionOf(path) === 'md') },
  async read(uri, variables, engine, caller) {
    const note = (await engine.call('note_read', { path: pathFromUri(variables.path), include: ['body', 'outline'] }, caller)).output as NoteParts;
    const q = toSimilarityQuery(note.path, note.outline.map((entry) => entry.heading), note.body);
    const mode = isAiDenied(engine.ai.settings.deny_globs, note.path) ? { mode: 'lexical' } : {};
    const found = (await engine.call('vault_search', { q, limit: SIMILAR_LIMIT + 1, ...mode }, caller)).output as SearchOutput;
    const similar = found.results.filter((result) => result.path !== note.path).slice(0, SIMILAR_LIMIT);
    return jsonContent(uri, { path: note.path, mode_used: found.mode_used, similar });
  },
};
