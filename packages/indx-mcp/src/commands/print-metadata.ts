import { resolve } from 'node:path';
import { parseMetadata } from '../../../../src/core/metadata/parse-metadata';
import { getAllTags, parseFrontMatterTags } from '../../../../src/core/metadata/tags';
import { resolveReference } from '../../../../src/core/notes/forward-links';
import { toVaultPath } from '../../../../src/core/vault/paths';
import { NodeVaultHost } from '../../../../src/hosts/node/node-vault-host';

/** Prints, as JSON, what `indx debug metadata` says of each note of `paths` in the folder `vault`. */
export async function printMetadata(vault: string, paths: readonly string[]): Promise<void> {
  const host = await NodeVaultHost.open(resolve(vault), { watch: false });
  try {
    const notes = [];
    for (const path of paths) notes.push(await describeNote(host, toVaultPath(path)));
    process.stdout.write(`${JSON.stringify(notes, null, 2)}\n`);
  } finally {
    await host.close();
  }
}

/** The note's whole metadata, parsed from its text: the host keeps only a compact form (see `compactMetadata`). */
async function describeNote(host: NodeVaultHost, path: string) {
  if (host.getMetadata(path) === null) return { path, error: host.stat(path) === null ? 'not_found' : 'not_markdown' };
  const cache = parseMetadata(await host.read(path));
  const resolvedLinks: Record<string, string | null> = {};
  for (const reference of [...(cache.links ?? []), ...(cache.frontmatterLinks ?? [])]) {
    resolvedLinks[reference.link] = resolveReference(host, reference.link, path);
  }
  return { path, cachedMetadata: cache, getAllTags: getAllTags(cache), parseFrontMatterTags: parseFrontMatterTags(cache.frontmatter), resolvedLinks };
}
