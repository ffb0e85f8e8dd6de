import { IndxError } from '../../../core/errors';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

/**
 * `vault://search?q=…&mode=…&limit=…`: a live search result set, read through `vault_search`
 * (so the caller's scopes and the index state apply). The SDK's URI templates match only a
 * fixed parameter order, so the template captures everything after `?q=` and the query string
 * is parsed here; `q` must come first.
 */
export const vaultSearchResource: ResourceProvider = {
  name: 'vault_search_results',
  title: 'Search results',
  description: 'Search results as JSON (the vault_search output), e.g. vault://search?q=garden%20beds&mode=lexical&limit=5. q comes first; mode (lexical, semantic, hybrid) and limit are optional. Subscribe to be told when the vault changes.',
  mimeType: 'application/json',
  uriTemplate: 'vault://search?q={q}',
  async read(uri, _variables, engine, caller) {
    const parameters = new URL(uri).searchParams;
    const q = parameters.get('q') ?? '';
    if (q.trim() === '') throw new IndxError('invalid_input', 'vault://search needs a query: vault://search?q=words.', { uri });
    const limit = parameters.get('limit');
    const input = { q, ...(parameters.has('mode') ? { mode: parameters.get('mode') } : {}), ...(limit === null ? {} : { limit: Number(limit) }) };
    return jsonContent(uri, (await engine.call('vault_search', input, caller)).output);
  },
};
