import { completePaths } from './complete-paths';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';
import { pathFromUri } from './uri-path';
import { basenameOf, extensionOf } from '../../../core/vault/paths';

interface NoteParts {
  path: string;
  body: string;
  outline: { heading: string }[];
}

interface SearchOutput {
  results: { path: string; title: string; score: number; snippet: string; heading: string | null }[];
  mode_used: string;
}

// The query a note stands for: its title, its headings and the start of its text.
const BODY_WORDS = 60;
const SIMILAR_LIMIT = 10;
// vault_search takes at most 2,000 characters, and the query is sent to the embeddings
// provider as is: a note with hundreds of headings must not make either fail.
const MAX_QUERY_CHARS = 2000;

/**
 * `similar://vault/{+path}`: notes like a given note, found by searching with what the note is
 * about (title, headings, opening words; at most 2,000 characters) in the default mode: hybrid
 * when embeddings are configured, lexical otherwise. The note itself is left out.
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
    const q = toQuery([basenameOf(note.path), ...note.outline.map((entry) => entry.heading), note.body.split(/\s+/).slice(0, BODY_WORDS).join(' ')].join(' '));
    const found = (await engine.call('vault_search', { q, limit: SIMILAR_LIMIT + 1 }, caller)).output as SearchOutput;
    const similar = found.results.filter((result) => result.path !== note.path).slice(0, SIMILAR_LIMIT);
    return jsonContent(uri, { path: note.path, mode_used: found.mode_used, similar });
  },
};

// The first MAX_QUERY_CHARS characters, cut at a space when there is one, never inside a surrogate pair.
function toQuery(text: string): string {
  if (text.length <= MAX_QUERY_CHARS) return text;
  const head = text.slice(0, MAX_QUERY_CHARS + 1);
  const space = head.lastIndexOf(' ');
  const end = space > 0 ? space : /[\uD800-\uDBFF]/.test(head[MAX_QUERY_CHARS - 1]!) ? MAX_QUERY_CHARS - 1 : MAX_QUERY_CHARS;
  return head.slice(0, end);
}
