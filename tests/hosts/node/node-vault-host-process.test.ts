import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { listAllNames, makeTempVault, removeTempVault } from '../../helpers/temp-vault';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';
import { compactMetadata } from '../../../src/core/metadata/compact-metadata';

describe('NodeVaultHost.process', () => {
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

  it('writes the transform result, updates metadata before resolving, then emits modify and metadata', async () => {
    const written = await host.process('Notes/Alpha.md', (text) => `${text}New link to [[Deep]].\n`);
    expect(written).toContain('[[Deep]]');
    expect(await fs.readFile(path.join(vault, 'Notes/Alpha.md'), 'utf8')).toBe(written);
    expect(host.getMetadata('Notes/Alpha.md')?.links?.map((link) => link.link)).toContain('Deep');
    expect(host.resolvedLinks()['Notes/Alpha.md']).toEqual({ 'Home.md': 1, 'Notes/Sub/Deep.md': 1 });
    expect(host.stat('Notes/Alpha.md')?.size).toBe(Buffer.byteLength(written));
    expect(events).toEqual([
      { type: 'modify', path: 'Notes/Alpha.md' },
      { type: 'metadata', path: 'Notes/Alpha.md' },
    ]);
  });

  it('hands the metadata it parsed for the text it wrote to the write\'s answer once, and only for that text', async () => {
    const written = await host.process('Notes/Alpha.md', (text) => `${text}More [[Deep]].\n`);
    expect(host.metadataOf('Notes/Alpha.md', `${written}x`)).toBeNull();
    const again = await host.process('Notes/Alpha.md', (text) => `${text}Again.\n`);
    expect(host.metadataOf('Home.md', again)).toBeNull();
    const third = await host.process('Notes/Alpha.md', (text) => `${text}Third.\n`);
    const metadata = host.metadataOf('Notes/Alpha.md', third);
    // The answer gets the whole metadata; the host keeps its compact form.
    expect(metadata?.sections).toBeDefined();
    expect(host.getMetadata('Notes/Alpha.md')).toEqual(compactMetadata(metadata ?? {}));
    expect(metadata?.links?.map((link) => link.link)).toContain('Deep');
    // Handed over once: the next call, or one after another write, parses for itself.
    expect(host.metadataOf('Notes/Alpha.md', third)).toBeNull();
  });

  it('leaves the file byte-identical and emits nothing when the transform throws', async () => {
    const before = await fs.readFile(path.join(vault, 'Home.md'));
    const failure = new Error('transform refused');
    await expect(
      host.process('Home.md', () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await fs.readFile(path.join(vault, 'Home.md'))).equals(before)).toBe(true);
    expect(events).toEqual([]);
    expect(await listAllNames(vault)).not.toContainEqual(expect.stringContaining('indx-tmp'));
  });

  it('lands 50 concurrent appends to one file exactly once each, leaving no temporary files', async () => {
    const appends = Array.from({ length: 50 }, (_, index) =>
      host.process('Notes/Sub/Deep.md', (text) => `${text}line ${index}\n`),
    );
    await Promise.all(appends);
    const lines = (await fs.readFile(path.join(vault, 'Notes/Sub/Deep.md'), 'utf8')).split('\n');
    for (let index = 0; index < 50; index++) expect(lines.filter((line) => line === `line ${index}`)).toHaveLength(1);
    expect(lines).toHaveLength(52);
    expect(events.filter((event) => event.type === 'modify')).toHaveLength(50);
    expect(await listAllNames(vault)).not.toContainEqual(expect.stringContaining('indx-tmp'));
  });

  it('writes nothing and emits nothing when the transform returns the same text', async () => {
    const before = (await fs.stat(path.join(vault, 'Home.md'))).mtimeMs;
    await host.process('Home.md', (text) => text);
    expect((await fs.stat(path.join(vault, 'Home.md'))).mtimeMs).toBe(before);
    expect(events).toEqual([]);
  });

  it('fails with not_found for a missing file and path_forbidden for a hidden one', async () => {
    await expect(host.process('Nope.md', (text) => text)).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.process(`${DEFAULT_CONFIG_DIR}/app.json`, (text) => text)).rejects.toMatchObject({ code: 'path_forbidden' });
  });

  it('forgets a file deleted behind its back (no watcher) as soon as a write finds it gone', async () => {
    await fs.rm(path.join(vault, 'Notes/Sub/Deep.md'));
    await expect(host.process('Notes/Sub/Deep.md', (text) => text)).rejects.toMatchObject({ code: 'not_found' });
    expect(host.exists('Notes/Sub/Deep.md')).toBe(false);
    expect(events).toEqual([{ type: 'delete', path: 'Notes/Sub/Deep.md' }]);
    await expect(host.trash('Notes/Sub/Deep.md')).rejects.toMatchObject({ code: 'not_found' });
    expect(events).toHaveLength(1);
  });

  it('refuses to process a folder without forgetting it', async () => {
    await expect(host.process('Notes', (text) => text)).rejects.toMatchObject({ code: 'not_found' });
    expect(host.exists('Notes/Alpha.md')).toBe(true);
    expect(events).toEqual([]);
  });
});
