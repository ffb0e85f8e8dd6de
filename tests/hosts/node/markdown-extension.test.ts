import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

// Obsidian treats only the exact extension `md` as markdown: `Upper.MD` is an attachment, so it
// has no metadata, is no source in the link maps, and its own links and tags count for nothing.
describe('NodeVaultHost and the case of the .md extension', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  beforeEach(async () => {
    vault = await makeTempVault({ 'Upper.MD': '# Upper\n[[Home]] #tag\n', 'Home.md': '[[Upper.MD]]\n' });
    host = await NodeVaultHost.open(vault);
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('scans Upper.MD as an attachment: listed, no metadata, not a source, linkable by its full name', () => {
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Home.md', 'Upper.MD']);
    expect(host.openStatistics.notes).toBe(1);
    expect(host.getMetadata('Upper.MD')).toBeNull();
    expect(Object.keys(host.resolvedLinks())).toEqual(['Home.md']);
    expect(Object.keys(host.unresolvedLinks())).toEqual(['Home.md']);
    expect(host.resolvedLinks()['Home.md']).toEqual({ 'Upper.MD': 1 });
  });

  it('writes Upper.MD without parsing it (no metadata event)', async () => {
    await host.process('Upper.MD', (text) => `${text}[[Other]]\n`);
    expect(events).toEqual([{ type: 'modify', path: 'Upper.MD' }]);
    expect(host.getMetadata('Upper.MD')).toBeNull();
    expect(host.unresolvedLinks()['Upper.MD']).toBeUndefined();
    await host.create('New.MD', '[[Home]]');
    expect(events.slice(1)).toEqual([{ type: 'create', path: 'New.MD' }]);
  });

  it('parses a file renamed to .md and drops the metadata of a note renamed to .MD', async () => {
    await host.rename('Upper.MD', 'Upper.md');
    expect(host.getMetadata('Upper.md')?.tags?.map((tag) => tag.tag)).toEqual(['#tag']);
    expect(host.resolvedLinks()['Upper.md']).toEqual({ 'Home.md': 1 });
    await host.rename('Home.md', 'Home.MD');
    expect(host.getMetadata('Home.MD')).toBeNull();
    expect(host.resolvedLinks()['Home.MD']).toBeUndefined();
    expect(host.unresolvedLinks()['Home.MD']).toBeUndefined();
  });
});
