import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { corpusRoot } from '../../helpers/corpora';

// Opening is read-only, so the corpora are used in place (data/corpora, unpacked once).
describe.each(['dnd-srd', 'eips', 'dendron-site', 'kepano-vault'] as const)('opening the %s corpus', (corpus) => {
  it('scans, parses and links every note without error', async () => {
    const host = await NodeVaultHost.open(corpusRoot(corpus));
    const statistics = host.openStatistics;
    console.log(`${corpus}: ${JSON.stringify(statistics)}`);
    expect(statistics.notes).toBeGreaterThan(50);
    expect(Object.keys(host.resolvedLinks())).toHaveLength(statistics.notes);
    expect(Object.keys(host.unresolvedLinks())).toHaveLength(statistics.notes);
    expect(host.listFiles().every((file) => !file.path.split('/').some((part) => part.startsWith('.')))).toBe(true);
    await host.close();
  });
});
