import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { expectIndxError } from '../../helpers/expect-error';
import { makeTempVault, removeTempVault, waitFor } from '../../helpers/temp-vault';

// macOS writes names in NFD ("e" + U+0301); the core normalises every path it is given to NFC
// with no-break spaces as spaces. The host must key disk names the same way, keep using the
// disk's own spelling for file-system calls, and refuse a key two disk names collapse to.
const CAFE_NFD = 'Cafe\u0301';
const CAFE = 'Café';
const RESUME_NFD = 'Re\u0301sume\u0301';
const RESUME = 'Résumé';

async function expectSameAsFreshOpen(host: NodeVaultHost, vault: string): Promise<void> {
  const fresh = await NodeVaultHost.open(vault);
  expect(host.listFiles().map((file) => file.path).sort()).toEqual(fresh.listFiles().map((file) => file.path).sort());
  expect(host.listFolders().sort()).toEqual(fresh.listFolders().sort());
  expect(host.resolvedLinks()).toEqual(fresh.resolvedLinks());
  expect(host.unresolvedLinks()).toEqual(fresh.unresolvedLinks());
  await fresh.close();
}

describe('NodeVaultHost with names in NFD (as macOS writes them)', () => {
  let vault: string;
  let host: NodeVaultHost;
  const names = async (folder = '') => (await fs.readdir(path.join(vault, folder))).filter((name) => !name.startsWith('.')).sort();

  beforeEach(async () => {
    vault = await makeTempVault({
      [`${CAFE_NFD}.md`]: '# Café\nSee [[Résumé/Note]].\n',
      [`${RESUME_NFD}/Note.md`]: 'Back to [[Café]].\n',
      'Index.md': '[[Café]] [[Cafe\u0301]]\n',
    });
    host = await NodeVaultHost.open(vault);
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('lists them under NFC vault paths, with metadata and links resolved', () => {
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Café.md', 'Index.md', 'Résumé/Note.md']);
    expect(host.listFolders()).toEqual([RESUME]);
    expect(host.getMetadata('Café.md')?.headings?.[0]?.heading).toBe('Café');
    expect(host.resolvedLinks()['Café.md']).toEqual({ 'Résumé/Note.md': 1 });
    expect(host.resolvedLinks()['Résumé/Note.md']).toEqual({ 'Café.md': 1 });
    expect(host.stat(`${CAFE_NFD}.md`)).toEqual(host.stat('Café.md'));
  });

  it('reads the NFD file under its NFC path (and under the NFD spelling, which the core normalises)', async () => {
    await expect(host.read('Café.md')).resolves.toBe('# Café\nSee [[Résumé/Note]].\n');
    await expect(host.read(`${CAFE_NFD}.md`)).resolves.toBe('# Café\nSee [[Résumé/Note]].\n');
    await expect(host.read(`${RESUME}/Note.md`)).resolves.toBe('Back to [[Café]].\n');
  });

  it('writes the NFD file in place: no NFC twin appears', async () => {
    await host.process('Café.md', (text) => `${text}more\n`);
    await host.process(`${RESUME}/Note.md`, (text) => `${text}more\n`);
    expect(await names()).toEqual([`${CAFE_NFD}.md`, 'Index.md', RESUME_NFD]);
    expect(await fs.readFile(path.join(vault, `${CAFE_NFD}.md`), 'utf8')).toBe('# Café\nSee [[Résumé/Note]].\nmore\n');
    await expectSameAsFreshOpen(host, vault);
  });

  it('refuses to create an NFC twin of an NFD file, and creates new files inside an NFD folder', async () => {
    await expectIndxError(host.create('Café.md', 'twin'), 'already_exists');
    await host.create(`${RESUME}/New.md`, 'new');
    expect(await names()).toEqual([`${CAFE_NFD}.md`, 'Index.md', RESUME_NFD]);
    expect(await names(RESUME_NFD)).toEqual(['New.md', 'Note.md']);
    await expectSameAsFreshOpen(host, vault);
  });

  it('finds an NFD file another program wrote after the scan (no watcher)', async () => {
    await fs.writeFile(path.join(vault, 'Nai\u0308ve.md'), 'naive');
    await expect(host.read('Naïve.md')).resolves.toBe('naive');
    await expectIndxError(host.create('Naïve.md', 'twin'), 'already_exists');
    await host.process('Naïve.md', (text) => `${text}!`);
    expect(await names()).toEqual([`${CAFE_NFD}.md`, 'Index.md', 'Nai\u0308ve.md', RESUME_NFD]);
    expect(host.listFiles().map((file) => file.path)).toContain('Naïve.md');
  });

  it('renames and trashes NFD entries by their NFC paths', async () => {
    await host.rename(RESUME, 'Archive/CV');
    expect(await names('Archive/CV')).toEqual(['Note.md']);
    await host.process('Archive/CV/Note.md', (text) => `${text}edited\n`);
    await host.rename('Café.md', `${RESUME}.md`);
    expect(await names()).toEqual(['Archive', 'Index.md', `${RESUME}.md`]);
    await host.create(`${CAFE}.md`, 'fresh');
    await host.trash(`${CAFE}.md`);
    expect(await names('.trash')).toEqual([`${CAFE}.md`]);
    await expectSameAsFreshOpen(host, vault);
  });

  it('trashes an NFD file under its own disk name', async () => {
    await host.trash('Café.md');
    expect(await names('.trash')).toEqual([`${CAFE_NFD}.md`]);
    expect(host.exists('Café.md')).toBe(false);
    expect(host.unresolvedLinks()['Index.md']).toEqual({ Café: 1, [CAFE_NFD]: 1 });
  });
});

describe('NodeVaultHost with names that differ only by a no-break space', () => {
  let vault: string;
  let host: NodeVaultHost;

  beforeEach(async () => {
    vault = await makeTempVault({ 'a b.md': 'space\n', 'a\u00a0b.md': 'no-break space\n', 'Two\u00a0words/x.md': 'x\n' });
    host = await NodeVaultHost.open(vault);
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('lists the collapsed path once, without metadata, and a lone no-break space name as a space', () => {
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Two words/x.md', 'a b.md']);
    expect(host.getMetadata('a b.md')).toBeNull();
    expect(host.resolvedLinks()['a b.md']).toBeUndefined();
  });

  it('refuses every access to the collapsed path with conflict, naming both files, and changes nothing', async () => {
    const details = await expectIndxError(host.read('a\u00a0b.md'), 'conflict');
    expect(details).toEqual({ path: 'a b.md', disk_paths: ['a b.md', 'a\u00a0b.md'] });
    await expect(host.read('a b.md')).rejects.toThrow('"a b.md" and "a\\u{a0}b.md"');
    await expectIndxError(host.process('a b.md', () => 'x'), 'conflict');
    await expectIndxError(host.trash('a\u00a0b.md'), 'conflict');
    await expectIndxError(host.rename('a b.md', 'c.md'), 'conflict');
    await expectIndxError(host.rename('Two words/x.md', 'a b.md'), 'conflict');
    await expectIndxError(host.create('a\u00a0b.md', 'third'), 'conflict');
    expect(await fs.readFile(path.join(vault, 'a b.md'), 'utf8')).toBe('space\n');
    expect(await fs.readFile(path.join(vault, 'a\u00a0b.md'), 'utf8')).toBe('no-break space\n');
    expect((await fs.readdir(vault)).sort()).toEqual(['Two\u00a0words', 'a b.md', 'a\u00a0b.md']);
  });

  it('works with a lone no-break-space folder name by its spaced path, and creates new names with spaces', async () => {
    await expect(host.read('Two words/x.md')).resolves.toBe('x\n');
    await host.create('Two\u00a0words/new\u00a0note.md', 'n');
    expect((await fs.readdir(path.join(vault, 'Two\u00a0words'))).sort()).toEqual(['new note.md', 'x.md']);
    expect(host.exists('Two words/new note.md')).toBe(true);
  });
});

describe('NodeVaultHost with watch and Unicode names', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  beforeEach(async () => {
    vault = await makeTempVault({ 'a b.md': '[[Home]]\n', 'Home.md': '' });
    host = await NodeVaultHost.open(vault, { watch: true });
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('reports a file another program writes in NFD under its NFC path, and reads it', async () => {
    await fs.writeFile(path.join(vault, `${CAFE_NFD}.md`), '[[Home]]');
    await waitFor(() => events.some((event) => event.type === 'metadata' && event.path === 'Café.md'));
    expect(host.resolvedLinks()['Café.md']).toEqual({ 'Home.md': 1 });
    await expect(host.read('Café.md')).resolves.toBe('[[Home]]');
    await fs.rm(path.join(vault, `${CAFE_NFD}.md`));
    await waitFor(() => !host.exists('Café.md'));
  });

  it('turns a path into a conflict when a twin name appears, and back when it goes', async () => {
    await fs.writeFile(path.join(vault, 'a\u00a0b.md'), 'twin');
    await waitFor(() => host.getMetadata('a b.md') === null);
    await expectIndxError(host.read('a b.md'), 'conflict');
    expect(host.listFiles().filter((file) => file.path === 'a b.md')).toHaveLength(1);
    await fs.rm(path.join(vault, 'a\u00a0b.md'));
    await waitFor(() => host.getMetadata('a b.md') !== null);
    await expect(host.read('a b.md')).resolves.toBe('[[Home]]\n');
  });
});
