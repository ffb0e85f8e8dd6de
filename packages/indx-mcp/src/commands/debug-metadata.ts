import { resolve } from 'node:path';
import type { Command } from 'commander';
import { getAllTags, parseFrontMatterTags } from '../../../../src/core/metadata/tags';
import { resolveReference } from '../../../../src/core/notes/forward-links';
import { toVaultPath } from '../../../../src/core/vault/paths';
import { NodeVaultHost } from '../../../../src/hosts/node/node-vault-host';

/**
 * `indx debug metadata --vault DIR PATH...`: what our parser says about notes, in the shape
 * of the captured Obsidian fixtures, so the two can be compared field by field. Works on any
 * folder, Obsidian vault or not.
 */
export function registerDebugMetadata(program: Command): void {
  program
    .command('debug')
    .description('Debugging helpers')
    .command('metadata')
    .description('Print cachedMetadata, getAllTags, parseFrontMatterTags and link resolution for notes, as JSON')
    .requiredOption('--vault <dir>', 'vault folder')
    .argument('<paths...>', 'vault-relative note paths')
    .action(async (paths: string[], options: { vault: string }) => {
      const host = await NodeVaultHost.open(resolve(options.vault), { watch: false });
      try {
        process.stdout.write(`${JSON.stringify(paths.map((path) => describeNote(host, toVaultPath(path))), null, 2)}\n`);
      } finally {
        await host.close();
      }
    });
}

function describeNote(host: NodeVaultHost, path: string) {
  const cache = host.getMetadata(path);
  if (cache === null) return { path, error: host.stat(path) === null ? 'not_found' : 'not_markdown' };
  const resolvedLinks: Record<string, string | null> = {};
  for (const reference of [...(cache.links ?? []), ...(cache.frontmatterLinks ?? [])]) {
    resolvedLinks[reference.link] = resolveReference(host, reference.link, path);
  }
  return { path, cachedMetadata: cache, getAllTags: getAllTags(cache), parseFrontMatterTags: parseFrontMatterTags(cache.frontmatter), resolvedLinks };
}
