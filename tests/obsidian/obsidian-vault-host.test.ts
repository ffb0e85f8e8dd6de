jest.mock('obsidian', () => jest.requireActual<object>('./fake/obsidian'), { virtual: true });

import { promises as fs } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import * as path from 'node:path';
import type { VaultEvent } from '../../src/core/vault/vault-host';
import { ObsidianVaultHost } from '../../src/hosts/obsidian/obsidian-vault-host';
import { waitFor } from '../helpers/temp-vault';
import { openFakeVault, type FakeVault } from './fake-app';
import { TFile } from './fake/obsidian';

const FILES = {
  'Home.md': '# Home\nSee [[Alpha]] and [[Missing]].\n',
  'Notes/Alpha.md': '# Alpha\nBack to [[Home]].\n',
  'Notes/Sub/Deep.md': 'deep\n',
  'image.png': 'not really a png',
  '.obsidian/app.json': '{}',
  '.trash/old.md': 'old',
};

/** The vault's file at `filePath`; fails when there is none. */
function fileAt(vault: FakeVault, filePath: string): TFile {
  const file = vault.app.vault.getAbstractFileByPath(filePath);
  if (!(file instanceof TFile)) throw new Error(`no file at ${filePath}`);
  return file;
}

describe('ObsidianVaultHost over the fake app', () => {
  let vault: FakeVault;
  let host: ObsidianVaultHost;
  let events: VaultEvent[];

  async function open(options: Parameters<typeof openFakeVault>[1] = {}, hostOptions: ConstructorParameters<typeof ObsidianVaultHost>[1] = {}): Promise<void> {
    vault = await openFakeVault(FILES, options);
    host = new ObsidianVaultHost(vault.obsidian, hostOptions);
    events = [];
    host.on((event) => events.push(event));
  }

  afterEach(async () => {
    host.close();
    await vault.dispose();
  });

  it('reads the app’s settings from the configuration folder the vault names, through the adapter; a missing file is null, a name that climbs out invalid_path', async () => {
    await open({ configDir: '.config-laptop' });
    await fs.mkdir(path.join(vault.root, '.config-laptop/plugins/periodic-notes'), { recursive: true });
    await fs.writeFile(path.join(vault.root, '.config-laptop/plugins/periodic-notes/data.json'), '{"daily":{}}');
    expect(await host.readConfigFile('plugins/periodic-notes/data.json')).toBe('{"daily":{}}');
    expect(await host.readConfigFile('app.json')).toBeNull();
    await expect(host.readConfigFile('../.obsidian/app.json')).rejects.toMatchObject({ code: 'invalid_path' });
    // A folder of that name, or a file far bigger than settings, is no settings file (as headless).
    await fs.mkdir(path.join(vault.root, '.config-laptop/daily-notes.json'));
    expect(await host.readConfigFile('daily-notes.json')).toBeNull();
    await fs.writeFile(path.join(vault.root, '.config-laptop/templates.json'), 'x'.repeat(1024 * 1024 + 1));
    expect(await host.readConfigFile('templates.json')).toBeNull();
  });

  it('lists what the vault shows, hidden folders excluded, and reads files from disk', async () => {
    await open();
    expect(host.name).toBe('vault');
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Home.md', 'Notes/Alpha.md', 'Notes/Sub/Deep.md', 'image.png']);
    expect(host.listFolders().sort()).toEqual(['Notes', 'Notes/Sub']);
    expect(await host.read('Notes/Alpha.md')).toBe(FILES['Notes/Alpha.md']);
    expect(host.stat('Home.md')?.size).toBe(Buffer.byteLength(FILES['Home.md']));
    expect(host.exists('Notes/Sub')).toBe(true);
    expect(host.exists('.obsidian/app.json')).toBe(false);
  });

  it('refuses what the Node host refuses: missing, hidden and traversing paths', async () => {
    await open();
    await expect(host.read('Nope.md')).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.read('.obsidian/app.json')).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.process('.trash/old.md', (text) => text)).rejects.toMatchObject({ code: 'path_forbidden' });
    await expect(host.create('../outside.md', 'x')).rejects.toMatchObject({ code: 'invalid_path' });
  });

  // Obsidian: `vault.process` is the atomic edit; the cache indexes the file only after the write.
  it('writes through vault.process and resolves once the cache indexed the new text: modify, then metadata', async () => {
    await open();
    const process = jest.spyOn(vault.app.vault, 'process');
    const written = await host.process('Notes/Alpha.md', (text) => `${text}Ahead to [[Deep]].\n`);
    expect(process).toHaveBeenCalledTimes(1);
    expect(await fs.readFile(path.join(vault.root, 'Notes/Alpha.md'), 'utf8')).toBe(written);
    expect(host.getMetadata('Notes/Alpha.md')?.links?.map((link) => link.link)).toEqual(['Home', 'Deep']);
    expect(vault.app.metadataCache.getCache('Notes/Alpha.md')?.links).toHaveLength(2);
    expect(host.stat('Notes/Alpha.md')?.size).toBe(Buffer.byteLength(written));
    expect(events).toEqual([
      { type: 'modify', path: 'Notes/Alpha.md' },
      { type: 'metadata', path: 'Notes/Alpha.md' },
    ]);
  });

  it('writes nothing and reports nothing when the transform returns the same text or throws', async () => {
    await open();
    const modified = jest.fn();
    vault.app.vault.on('modify', modified);
    const before = await fs.stat(path.join(vault.root, 'Home.md'));
    expect(await host.process('Home.md', (text) => text)).toBe(FILES['Home.md']);
    const failure = new Error('refused');
    await expect(
      host.process('Home.md', () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await fs.stat(path.join(vault.root, 'Home.md'))).mtimeMs).toBe(before.mtimeMs);
    expect(modified).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('lands 20 concurrent appends to one note exactly once each, one modify event per write', async () => {
    await open();
    await Promise.all(Array.from({ length: 20 }, (_, index) => host.process('Notes/Sub/Deep.md', (text) => `${text}line ${index}\n`)));
    const lines = (await fs.readFile(path.join(vault.root, 'Notes/Sub/Deep.md'), 'utf8')).split('\n');
    for (let index = 0; index < 20; index += 1) expect(lines.filter((line) => line === `line ${index}`)).toHaveLength(1);
    expect(events.filter((event) => event.type === 'modify')).toHaveLength(20);
  });

  // Obsidian: `vault.create` fails when the parent folder is missing; the host makes it first.
  it('creates a note in new folders, emitting create then metadata, and refuses an existing path', async () => {
    await open();
    const folders: string[] = [];
    vault.app.vault.on('create', (entry: TFile) => folders.push(entry.path));
    await host.create('New/Deeper/Note.md', '# Note\n#tag\n');
    expect(folders).toEqual(['New', 'New/Deeper', 'New/Deeper/Note.md']);
    expect(host.getMetadata('New/Deeper/Note.md')?.tags?.map((tag) => tag.tag)).toEqual(['#tag']);
    expect(events).toEqual([
      { type: 'create', path: 'New/Deeper/Note.md' },
      { type: 'metadata', path: 'New/Deeper/Note.md' },
    ]);
    await expect(host.create('Home.md', 'x')).rejects.toMatchObject({ code: 'already_exists' });
    await expect(host.create('image.png/inside.md', 'x')).rejects.toMatchObject({ code: 'already_exists' });
  });

  // Obsidian: deletions go through FileManager.trashFile, which follows the user's trash setting.
  it('reads and writes bytes with vault.readBinary, createBinary (in new folders) and modifyBinary, the check seeing the bytes there', async () => {
    await open();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    expect(Buffer.from(await host.readBinary('image.png')).toString()).toBe('not really a png');
    const seen: (Uint8Array | null)[] = [];
    await host.writeBinary('assets/deep/new.png', bytes, (current) => void seen.push(current));
    await host.writeBinary('assets/deep/new.png', bytes.slice(0, 2), (current) => void seen.push(current));
    expect(seen).toEqual([null, bytes]);
    expect(new Uint8Array(await fs.readFile(path.join(vault.root, 'assets/deep/new.png')))).toEqual(bytes.slice(0, 2));
    expect(events).toEqual([
      { type: 'create', path: 'assets/deep/new.png' },
      { type: 'modify', path: 'assets/deep/new.png' },
    ]);
    await expect(
      host.writeBinary('image.png', bytes, () => {
        throw new Error('stale');
      }),
    ).rejects.toThrow('stale');
    expect(await fs.readFile(path.join(vault.root, 'image.png'), 'utf8')).toBe('not really a png');
    await expect(host.writeBinary('Notes', bytes)).rejects.toMatchObject({ code: 'already_exists' });
    const checked: unknown[] = [];
    await host.rename('assets/deep/new.png', 'assets/moved.png', (content) => void checked.push(content));
    await host.trash('Notes/Sub/Deep.md', (content) => void checked.push(content));
    expect(checked).toEqual([bytes.slice(0, 2), 'deep\n']);
  });

  it('trashes through the file manager, one delete event per file, and lets a failing check stop it', async () => {
    await open({ trashOption: 'local' });
    const refusal = new Error('etag mismatch');
    await expect(
      host.trash('Home.md', () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(host.exists('Home.md')).toBe(true);
    await host.trash('Notes');
    expect(vault.app.fileManager.trashed).toEqual(['Notes']);
    expect(events.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { type: 'delete', path: 'Notes/Alpha.md' },
      { type: 'delete', path: 'Notes/Sub/Deep.md' },
    ]);
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Home.md', 'image.png']);
    await expect(host.trash('Notes')).rejects.toMatchObject({ code: 'not_found' });
  });

  // Obsidian: a folder rename fires `rename` for the folder and for each entry below it.
  it('renames a folder as one rename event per file, never twice, and refuses moves into itself or onto a file', async () => {
    await open();
    await host.rename('Notes', 'Archive/Notes');
    expect(events.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { type: 'rename', path: 'Archive/Notes/Alpha.md', oldPath: 'Notes/Alpha.md' },
      { type: 'rename', path: 'Archive/Notes/Sub/Deep.md', oldPath: 'Notes/Sub/Deep.md' },
    ]);
    expect(host.getMetadata('Archive/Notes/Alpha.md')?.links?.map((link) => link.link)).toEqual(['Home']);
    await expect(host.rename('Archive', 'Archive/Inner')).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(host.rename('Home.md', 'image.png')).rejects.toMatchObject({ code: 'already_exists' });
    await expect(host.rename('Gone.md', 'Else.md')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('resolves links and reports link maps from the metadata cache', async () => {
    await open();
    expect(host.resolveLink('Alpha', 'Home.md')).toBe('Notes/Alpha.md');
    expect(host.resolveLink('Missing', 'Home.md')).toBeNull();
    expect(host.resolvedLinks()['Home.md']).toEqual({ 'Notes/Alpha.md': 1 });
    expect(host.unresolvedLinks()['Home.md']).toEqual({ Missing: 1 });
  });

  // Obsidian decodes bytes that are not UTF-8 to U+FFFD; writing that back would change them.
  it('refuses to read or rewrite a note that is not UTF-8, but accepts a real U+FFFD', async () => {
    await open();
    const latin1 = Buffer.from('caf\xe9\n', 'latin1');
    await fs.writeFile(path.join(vault.root, 'Latin.md'), latin1);
    await fs.writeFile(path.join(vault.root, 'Replacement.md'), 'a \uFFFD b\n');
    await vault.app.vault.noticeDiskChanges();
    await expect(host.read('Latin.md')).rejects.toMatchObject({ code: 'not_utf8' });
    await expect(host.process('Latin.md', (text) => `${text}more`)).rejects.toMatchObject({ code: 'not_utf8' });
    expect((await fs.readFile(path.join(vault.root, 'Latin.md'))).equals(latin1)).toBe(true);
    expect(await host.process('Replacement.md', (text) => `${text}ok\n`)).toBe('a \uFFFD b\nok\n');
  });

  it('answers from its own parse when the cache is slow, and hands back to the cache once it reports', async () => {
    await open({ metadataDelayMs: 300 }, { metadataTimeoutMs: 20 });
    await host.process('Home.md', (text) => `${text}## Added\n`);
    expect(vault.app.metadataCache.getCache('Home.md')?.headings).toHaveLength(1);
    expect(host.getMetadata('Home.md')?.headings?.map((heading) => heading.heading)).toEqual(['Home', 'Added']);
    expect(events).toEqual([
      { type: 'modify', path: 'Home.md' },
      { type: 'metadata', path: 'Home.md' },
    ]);
    await waitFor(() => events.length === 3);
    expect(events[2]).toEqual({ type: 'metadata', path: 'Home.md' });
    expect(host.getMetadata('Home.md')).toBe(vault.app.metadataCache.getCache('Home.md'));
  });

  // Obsidian: the cache can report `changed` before the write's promise resolves (it knows the content's hash).
  it('counts a `changed` that arrives before the write resolved, instead of waiting out the timeout', async () => {
    await open({}, { metadataTimeoutMs: 5000 });
    vault.app.metadataCache.indexDuringWrite = true;
    const started = Date.now();
    await host.process('Home.md', (text) => `${text}## Fast\n`);
    await host.create('Fast.md', '# Fast\n');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(host.getMetadata('Home.md')).toBe(vault.app.metadataCache.getCache('Home.md'));
    expect(host.getMetadata('Home.md')?.headings?.map((heading) => heading.heading)).toEqual(['Home', 'Fast']);
    expect(events).toEqual([
      { type: 'modify', path: 'Home.md' },
      { type: 'metadata', path: 'Home.md' },
      { type: 'create', path: 'Fast.md' },
      { type: 'metadata', path: 'Fast.md' },
    ]);
  });

  it('waits for nothing and stands in for nobody once closed (a write still in flight at unload)', async () => {
    await open({ metadataDelayMs: 60_000 }, { metadataTimeoutMs: 30 });
    host.close();
    const started = Date.now();
    await host.process('Home.md', (text) => `${text}late\n`);
    expect(Date.now() - started).toBeLessThan(1000);
    // Past the stand-in timeout: no parse of ours stands in, and no metadata reaches the engine.
    await delay(100);
    expect(events.filter((event) => event.type === 'metadata')).toEqual([]);
    expect(host.getMetadata('Home.md')).toBe(vault.app.metadataCache.getCache('Home.md'));
  });

  it('reports changes other plugins make through the vault: file event first, then metadata', async () => {
    await open();
    await vault.app.vault.modify(fileAt(vault, 'Home.md'), '# Changed\n');
    await vault.app.vault.create('Other.md', 'other\n');
    await waitFor(() => events.filter((event) => event.type === 'metadata').length === 2);
    const order = events.map((event) => `${event.type} ${event.path}`);
    expect([...order].sort()).toEqual(['create Other.md', 'metadata Home.md', 'metadata Other.md', 'modify Home.md']);
    expect(order.indexOf('modify Home.md')).toBeLessThan(order.indexOf('metadata Home.md'));
    expect(order.indexOf('create Other.md')).toBeLessThan(order.indexOf('metadata Other.md'));
  });

  it('catches up on changes it missed with rescan, and stops listening on close', async () => {
    await open();
    const listeners = vault.app.vault.listenerCount('modify');
    host.close();
    expect(vault.app.vault.listenerCount('modify')).toBe(listeners - 1);
    await vault.app.vault.modify(fileAt(vault, 'Home.md'), '# Changed\n');
    await vault.app.vault.create('Other.md', 'other\n');
    expect(events).toEqual([]);
    await host.rescan();
    expect(events).toEqual([
      { type: 'modify', path: 'Home.md' },
      { type: 'create', path: 'Other.md' },
    ]);
  });
});
