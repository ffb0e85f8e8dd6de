import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';

const CORPORA = path.resolve(__dirname, '../../../../shared/corpora');

// Opening is read-only, so the shared corpora are used in place.
describe.each(['dnd-srd', 'eips', 'dendron-site', 'kepano-vault'])('opening the %s corpus', (corpus) => {
  const root = path.join(CORPORA, corpus);
  const run = existsSync(root) ? it : it.skip;

  run('scans, parses and links every note without error', async () => {
    const host = await NodeVaultHost.open(root);
    const statistics = host.openStatistics;
    console.log(`${corpus}: ${JSON.stringify(statistics)}`);
    expect(statistics.notes).toBeGreaterThan(50);
    expect(Object.keys(host.resolvedLinks())).toHaveLength(statistics.notes);
    expect(Object.keys(host.unresolvedLinks())).toHaveLength(statistics.notes);
    expect(host.listFiles().every((file) => !file.path.split('/').some((part) => part.startsWith('.')))).toBe(true);
    await host.close();
  });
});
