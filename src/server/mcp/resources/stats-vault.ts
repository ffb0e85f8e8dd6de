import type { Caller, Engine } from '../../../core/engine';
import { jsonContent } from './json-content';
import type { ResourceProvider } from './resource-provider';

interface TagListOutput {
  tags: { tag: string; count: number; total: number; occurrences: number }[];
}

/**
 * `stats://vault`: `vault_status` plus tag totals (distinct tags, occurrences), the number of
 * orphan notes and of distinct unresolved (source, link) pairs, all fetched through the engine.
 */
export const statsVaultResource: ResourceProvider = {
  name: 'vault_stats',
  title: 'Vault statistics',
  description: 'Counts of the vault: files, notes, canvases, bases, attachments, folders, resolved and unresolved links (as vault_status), plus distinct tags, tag occurrences, orphan notes and broken (source, link) pairs.',
  mimeType: 'application/json',
  uri: 'stats://vault',
  async read(uri, _variables, engine, caller) {
    return jsonContent(uri, await collectStats(engine, caller));
  },
};

async function collectStats(engine: Engine, caller: Caller) {
  const status = (await engine.call('vault_status', {}, caller)).output as Record<string, unknown>;
  const { tags } = (await engine.call('tag_list', {}, caller)).output as TagListOutput;
  const orphans = await totalOf(engine, caller, 'link_orphans');
  const unresolvedPairs = await totalOf(engine, caller, 'link_unresolved');
  return {
    ...status,
    tags: { distinct: tags.length, occurrences: tags.reduce((sum, tag) => sum + tag.occurrences, 0) },
    orphans,
    unresolved_pairs: unresolvedPairs,
  };
}

async function totalOf(engine: Engine, caller: Caller, operation: string): Promise<number> {
  const { output } = await engine.call(operation, { limit: 1 }, caller);
  return (output as { total: number }).total;
}
