import { IndxError } from '../../../core/errors';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

/**
 * `vault://search?q=…&mode=…&limit=…`: a live search result set, read through `vault_search`
 * (so the caller's scopes and the index state apply). The SDK's URI templates match only a
 * fixed parameter order, so the template captures everything after `?q=` and the query string
 * is parsed here; `q` must come first. Every other vault_search input can follow.
 */
export const vaultSearchResource: ResourceProvider = {
  name: 'vault_search_results',
  title: 'Search results',
  description: 'Search results as JSON (the vault_search output), e.g. vault://search?q=garden%20beds&mode=lexical&limit=5. q comes first; mode (lexical, semantic, hybrid), limit, tag (repeatable), path_glob, min_score, cursor, prefix and fuzzy are optional, as for vault_search. Subscribe to be told when the vault changes.',
  mimeType: 'application/json',
  uriTemplate: 'vault://search?q={q}',
  async read(uri, _variables, engine, caller) {
    const parameters = new URL(uri).searchParams;
    const q = parameters.get('q') ?? '';
    if (q.trim() === '') throw new IndxError('invalid_input', 'vault://search needs a query: vault://search?q=words.', { uri });
    return jsonContent(uri, (await engine.call('vault_search', { q, ...optionalInputs(parameters) }, caller)).output);
  },
};

/** The query string's other vault_search inputs, typed as the operation expects (it validates them). */
function optionalInputs(parameters: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of ['mode', 'path_glob', 'cursor'] as const) if (parameters.has(name)) input[name] = parameters.get(name);
  for (const name of ['limit', 'min_score'] as const) if (parameters.has(name)) input[name] = Number(parameters.get(name));
  for (const name of ['prefix', 'fuzzy'] as const) if (parameters.has(name)) input[name] = parameters.get(name) === 'true';
  if (parameters.has('tag')) input.tag = parameters.getAll('tag');
  return input;
}
