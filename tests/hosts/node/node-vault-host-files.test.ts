import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';

/** The incremental link maps must equal a fresh scan of the same folder. */
async function expectSameAsFreshOpen(host: NodeVaultHost, vault: string): Promise<void> {
  const fresh = await NodeVaultHost.open(vault);
  expect(host.resolvedLinks()).toEqual(fresh.resolvedLinks());
  expect(host.unresolvedLinks()).toEqual(fresh.unresolvedLinks());
  expect(host.listFiles().map((file) => file.path).sort()).toEqual(fresh.listFiles().map((file) => file.path).sort());
  expect(host.listFolders().sort()).toEqual(fresh.listFolders().sort());
  await fresh.close();
}

describe('NodeVaultHost create, trash and rename', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  beforeEach(async () => {
    vault = await makeTempVault();
    host = await NodeVaultHost.open(vault);
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  describe('create', () => {
    it('creates the file and its parent folders, and an unresolved link becomes resolved', async () => {
      await host.create('Drafts/2026/Beta.md', '# Beta\n[[Home]]\n');
      expect(await fs.readFile(path.join(vault, 'Drafts/2026/Beta.md'), 'utf8')).toBe('# Beta\n[[Home]]\n');
      expect(host.listFolders()).toEqual(expect.arrayContaining(['Drafts', 'Drafts/2026']));
      expect(host.resolvedLinks()['Notes/Alpha.md']).toEqual({ 'Home.md': 1, 'Drafts/2026/Beta.md': 2 });
      expect(host.unresolvedLinks()['Notes/Alpha.md']).toEqual({});
      expect(host.resolvedLinks()['Drafts/2026/Beta.md']).toEqual({ 'Home.md': 1 });
      expect(events).toEqual([
        { type: 'create', path: 'Drafts/2026/Beta.md' },
        { type: 'metadata', path: 'Drafts/2026/Beta.md' },
      ]);
      await expectSameAsFreshOpen(host, vault);
    });

    it('creates non-note files without metadata events', async () => {
      await host.create('data.json', '{}');
      expect(events).toEqual([{ type: 'create', path: 'data.json' }]);
      expect(host.resolvedLinks()['data.json']).toBeUndefined();
    });

    it('fails with already_exists for an existing file or folder, leaving it untouched', async () => {
      await expect(host.create('Home.md', 'x')).rejects.toMatchObject({ code: 'already_exists' });
      await expect(host.create('Notes', 'x')).rejects.toMatchObject({ code: 'already_exists' });
      await expect(host.create('Home.md/child.md', 'x')).rejects.toMatchObject({ code: 'already_exists' });
      expect(await fs.readFile(path.join(vault, 'Home.md'), 'utf8')).toContain('# Home');
      expect(events).toEqual([]);
    });

    it('fails with already_exists when another program created the file unseen', async () => {
      await fs.writeFile(path.join(vault, 'Sneaky.md'), 'theirs');
      await expect(host.create('Sneaky.md', 'ours')).rejects.toMatchObject({ code: 'already_exists' });
      expect(await fs.readFile(path.join(vault, 'Sneaky.md'), 'utf8')).toBe('theirs');
    });

    it('refuses hidden paths (the config folder, .git and .trash are never writable)', async () => {
      await expect(host.create(`${DEFAULT_CONFIG_DIR}/evil.json`, '{}')).rejects.toMatchObject({ code: 'path_forbidden' });
      await expect(host.create('Notes/.git/config', '')).rejects.toMatchObject({ code: 'path_forbidden' });
    });
  });

  describe('trash', () => {
    it('moves a file to .trash/<path>, forgets it and updates the links of other notes', async () => {
      await host.trash('Notes/Alpha.md');
      expect(await fs.readFile(path.join(vault, '.trash/Notes/Alpha.md'), 'utf8')).toContain('# Alpha');
      expect(host.exists('Notes/Alpha.md')).toBe(false);
      expect(host.resolvedLinks()['Notes/Alpha.md']).toBeUndefined();
      expect(host.resolvedLinks()['Home.md']).toEqual({ 'image.png': 1, 'Home.md': 1 });
      expect(host.unresolvedLinks()['Home.md']).toEqual({ Missing: 1, 'Notes/Alpha': 1, alpha: 1 });
      expect(events).toEqual([{ type: 'delete', path: 'Notes/Alpha.md' }]);
      await expectSameAsFreshOpen(host, vault);
    });

    it('numbers a name already in the trash like Obsidian ("name 1.ext")', async () => {
      await host.trash('Notes/Sub/Deep.md');
      await host.create('Notes/Sub/Deep.md', 'second');
      await host.trash('Notes/Sub/Deep.md');
      expect(await fs.readFile(path.join(vault, '.trash/Notes/Sub/Deep 1.md'), 'utf8')).toBe('second');
    });

    it('moves a folder with everything below it and emits a delete per file', async () => {
      await host.trash('Notes');
      expect(await fs.readFile(path.join(vault, '.trash/Notes/Sub/Deep.md'), 'utf8')).toBe('no links here\n');
      expect(host.listFolders()).toEqual(['Empty folder']);
      expect(events.map((event) => event.type)).toEqual(['delete', 'delete']);
      await expectSameAsFreshOpen(host, vault);
    });

    it('fails with not_found for a missing path', async () => {
      await expect(host.trash('Nope.md')).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('rename', () => {
    it('moves a file, creating parent folders, and re-keys its metadata and links', async () => {
      await host.rename('Notes/Alpha.md', 'Archive/2026/Alpha renamed.md');
      expect(host.exists('Notes/Alpha.md')).toBe(false);
      expect(host.getMetadata('Archive/2026/Alpha renamed.md')?.headings?.[0]?.heading).toBe('Alpha');
      expect(host.resolvedLinks()['Archive/2026/Alpha renamed.md']).toEqual({ 'Home.md': 1 });
      expect(host.unresolvedLinks()['Home.md']).toEqual({ Missing: 1, 'Notes/Alpha': 1, alpha: 1 });
      expect(events).toEqual([{ type: 'rename', path: 'Archive/2026/Alpha renamed.md', oldPath: 'Notes/Alpha.md' }]);
      await expectSameAsFreshOpen(host, vault);
    });

    it('moves a folder and re-keys every file and folder below it', async () => {
      await host.rename('Notes', 'Archive/Notes');
      expect(host.listFiles().map((file) => file.path).sort()).toEqual([
        'Archive/Notes/Alpha.md',
        'Archive/Notes/Sub/Deep.md',
        'Home.md',
        'image.png',
      ]);
      expect(host.listFolders().sort()).toEqual(['Archive', 'Archive/Notes', 'Archive/Notes/Sub', 'Empty folder']);
      expect(host.resolvedLinks()['Home.md']?.['Archive/Notes/Alpha.md']).toBeGreaterThan(0);
      expect(events).toEqual([
        { type: 'rename', path: 'Archive/Notes/Alpha.md', oldPath: 'Notes/Alpha.md' },
        { type: 'rename', path: 'Archive/Notes/Sub/Deep.md', oldPath: 'Notes/Sub/Deep.md' },
      ]);
      await expectSameAsFreshOpen(host, vault);
    });

    it('resolves a previously unresolved link when a note is renamed to its name', async () => {
      await host.rename('Notes/Sub/Deep.md', 'Notes/Sub/Beta.md');
      expect(host.resolvedLinks()['Notes/Alpha.md']).toEqual({ 'Home.md': 1, 'Notes/Sub/Beta.md': 2 });
      expect(host.unresolvedLinks()['Notes/Alpha.md']).toEqual({});
      await expectSameAsFreshOpen(host, vault);
    });

    it('parses a file that becomes a note and drops the metadata of a note that stops being one', async () => {
      await host.rename('image.png', 'image.md');
      expect(host.getMetadata('image.md')).toEqual(expect.any(Object));
      expect(host.resolvedLinks()['image.md']).toEqual({});
      expect(events).toEqual([
        { type: 'rename', path: 'image.md', oldPath: 'image.png' },
        { type: 'metadata', path: 'image.md' },
      ]);
      await host.rename('Notes/Alpha.md', 'Notes/Alpha.txt');
      expect(host.getMetadata('Notes/Alpha.txt')).toBeNull();
      expect(host.resolvedLinks()['Notes/Alpha.txt']).toBeUndefined();
      await expectSameAsFreshOpen(host, vault);
    });

    it('allows a case-only rename', async () => {
      await host.rename('Home.md', 'home.md');
      expect(host.exists('home.md')).toBe(true);
      expect(host.exists('Home.md')).toBe(false);
      expect(await fs.readdir(vault)).toContain('home.md');
    });

    it('fails with already_exists on an existing target and not_found on a missing source', async () => {
      await expect(host.rename('Home.md', 'Notes/Alpha.md')).rejects.toMatchObject({ code: 'already_exists' });
      await expect(host.rename('Home.md', 'Notes')).rejects.toMatchObject({ code: 'already_exists' });
      await expect(host.rename('Nope.md', 'Other.md')).rejects.toMatchObject({ code: 'not_found' });
      await expect(host.rename('Notes', 'Notes/Sub/Notes')).rejects.toMatchObject({ code: 'invalid_path' });
      expect(await fs.readFile(path.join(vault, 'Notes/Alpha.md'), 'utf8')).toContain('# Alpha');
      expect(events).toEqual([]);
    });
  });

  it('stops delivering events after unsubscribe', async () => {
    const seen: VaultEvent[] = [];
    const unsubscribe = host.on((event) => seen.push(event));
    await host.create('One.md', '');
    unsubscribe();
    await host.create('Two.md', '');
    expect(seen).toEqual([
      { type: 'create', path: 'One.md' },
      { type: 'metadata', path: 'One.md' },
    ]);
  });
});
