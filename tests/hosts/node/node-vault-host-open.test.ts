import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';

describe('NodeVaultHost.open on a small vault', () => {
  let vault: string;
  let host: NodeVaultHost;

  beforeAll(async () => {
    vault = await makeTempVault();
    let tick = 1000;
    host = await NodeVaultHost.open(vault, { clock: () => (tick += 5) });
  });

  afterAll(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('lists visible files and folders only (the Vault API hides dot names)', () => {
    const files = host.listFiles().map((file) => file.path).sort();
    expect(files).toEqual(['Home.md', 'Notes/Alpha.md', 'Notes/Sub/Deep.md', 'image.png']);
    expect(host.listFolders().sort()).toEqual(['Empty folder', 'Notes', 'Notes/Sub']);
    expect(host.exists('Notes')).toBe(true);
    expect(host.exists(`${DEFAULT_CONFIG_DIR}/app.json`)).toBe(false);
    expect(host.exists('Notes/.hidden.md')).toBe(false);
  });

  it('reports stats like TFile.stat and null for folders and unknown paths', () => {
    const stat = host.stat('image.png');
    expect(stat?.size).toBe(16);
    expect(stat?.mtime).toBeGreaterThan(0);
    expect(stat?.ctime).toBeGreaterThan(0);
    expect(host.stat('Notes')).toBeNull();
    expect(host.stat('nope.md')).toBeNull();
    expect(host.name).toBe('vault');
  });

  it('measures the open with the injected clock', () => {
    expect(host.openStatistics).toEqual({ files: 4, notes: 3, folders: 3, durationMs: 5 });
  });

  it('has metadata for notes and none for other files', () => {
    expect(host.getMetadata('Home.md')?.frontmatter).toEqual({ tags: ['start'] });
    expect(host.getMetadata('Notes/Alpha.md')?.headings?.[0]?.heading).toBe('Alpha');
    expect(host.getMetadata('image.png')).toBeNull();
    expect(host.getMetadata('missing.md')).toBeNull();
  });

  it('builds resolvedLinks with counts, self-links and an entry for every note', () => {
    // Obsidian counts [[#heading]] against the note itself and resolves case-insensitively.
    expect(host.resolvedLinks()).toEqual({
      'Home.md': { 'Notes/Alpha.md': 2, 'image.png': 1, 'Home.md': 1 },
      'Notes/Alpha.md': { 'Home.md': 1 },
      'Notes/Sub/Deep.md': {},
    });
  });

  it('builds unresolvedLinks keyed by the linkpath as written', () => {
    expect(host.unresolvedLinks()).toEqual({
      'Home.md': { Missing: 1 },
      'Notes/Alpha.md': { Beta: 2 },
      'Notes/Sub/Deep.md': {},
    });
  });

  it('resolves linkpaths like getFirstLinkpathDest', () => {
    expect(host.resolveLink('ALPHA', 'Home.md')).toBe('Notes/Alpha.md');
    expect(host.resolveLink('Missing', 'Home.md')).toBeNull();
  });

  it('reads file text from disk and refuses hidden paths', async () => {
    await expect(host.read('Notes/Sub/Deep.md')).resolves.toBe('no links here\n');
    await expect(host.read('nothing.md')).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.read(`${DEFAULT_CONFIG_DIR}/app.json`)).rejects.toMatchObject({ code: 'path_forbidden' });
  });

  it('fails with not_found for a vault folder that does not exist', async () => {
    await expect(NodeVaultHost.open(`${vault}-nope`)).rejects.toMatchObject({ code: 'not_found' });
  });
});
