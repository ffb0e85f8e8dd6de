import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { loadEtagFunction } from '../../../src/core/vault/etag';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { expectIndxError } from '../../helpers/expect-error';
import { createTempVault, makeTempVault, removeTempVault, type TempVault } from '../../helpers/temp-vault';

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const LATIN1 = Buffer.from('# Caf\xe9\nSee [[Home]].\n', 'latin1');
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Hi\n', 'utf16le')]);
const WITH_BOM = Buffer.concat([BOM, Buffer.from('---\ntitle: x\n---\n# Title\n[[Home]]\n')]);

// Reading with a lossy decoder turns Latin-1 bytes into U+FFFD, so an ETag would not be the hash
// of the bytes and any rewrite would change bytes outside the edit. The host reads bytes, decodes
// strictly, and refuses what is not UTF-8; a UTF-8 byte order mark survives a round trip.
describe('NodeVaultHost and note encodings', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];
  const bytesOf = (name: string) => fs.readFile(path.join(vault, name));

  beforeEach(async () => {
    vault = await makeTempVault({ 'Home.md': '# Home\n', 'Latin.md': LATIN1, 'Wide.md': UTF16, 'Bom.md': WITH_BOM });
    host = await NodeVaultHost.open(vault);
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('lists notes that are not UTF-8, with no metadata and no link entries', () => {
    expect(host.listFiles().map((file) => file.path).sort()).toEqual(['Bom.md', 'Home.md', 'Latin.md', 'Wide.md']);
    expect(host.getMetadata('Latin.md')).toBeNull();
    expect(host.getMetadata('Wide.md')).toBeNull();
    expect(host.resolvedLinks()['Latin.md']).toBeUndefined();
    expect(host.stat('Latin.md')?.size).toBe(LATIN1.length);
  });

  it('refuses to read them with not_utf8, saying indx will not rewrite them', async () => {
    await expectIndxError(host.read('Latin.md'), 'not_utf8');
    await expectIndxError(host.read('Wide.md'), 'not_utf8');
    await expect(host.read('Latin.md')).rejects.toThrow(/not UTF-8 text.*will not rewrite it/);
  });

  it('refuses to process them: the transform never runs and the bytes stay as they were', async () => {
    const transform = jest.fn((text: string) => `${text}appended\n`);
    await expectIndxError(host.process('Latin.md', transform), 'not_utf8');
    expect(transform).not.toHaveBeenCalled();
    expect((await bytesOf('Latin.md')).equals(LATIN1)).toBe(true);
    expect(host.exists('Latin.md')).toBe(true);
    expect(events).toEqual([]);
  });

  it('refuses a trash or rename whose check needs their text, and moves them byte-exact without one', async () => {
    await expectIndxError(host.trash('Latin.md', () => undefined), 'not_utf8');
    await expectIndxError(host.rename('Latin.md', 'Moved.md', () => undefined), 'not_utf8');
    expect((await bytesOf('Latin.md')).equals(LATIN1)).toBe(true);
    await host.rename('Latin.md', 'Moved.md');
    expect((await bytesOf('Moved.md')).equals(LATIN1)).toBe(true);
    await host.trash('Moved.md');
    expect((await bytesOf('.trash/Moved.md')).equals(LATIN1)).toBe(true);
  });

  it('gives no metadata to a file renamed into a note when it is not UTF-8', async () => {
    await fs.writeFile(path.join(vault, 'latin.txt'), LATIN1);
    await host.rename('latin.txt', 'latin note.md');
    expect(host.exists('latin note.md')).toBe(true);
    expect(host.getMetadata('latin note.md')).toBeNull();
  });

  it('keeps a UTF-8 byte order mark: read shows U+FEFF, a patch keeps the bytes before and outside it', async () => {
    const text = await host.read('Bom.md');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(text, 'utf8').equals(WITH_BOM)).toBe(true);
    await host.process('Bom.md', (current) => `${current}added\n`);
    expect((await bytesOf('Bom.md')).equals(Buffer.concat([WITH_BOM, Buffer.from('added\n')]))).toBe(true);
    expect(host.getMetadata('Bom.md')?.frontmatter).toEqual({ title: 'x' });
  });
});

describe('ETags of notes through the engine', () => {
  let vault: TempVault;

  beforeAll(async () => {
    vault = await createTempVault({ 'Bom.md': WITH_BOM, 'Latin.md': LATIN1 });
  });

  afterAll(async () => {
    await vault.dispose();
  });

  it('is the hash of the bytes on disk for a note with a byte order mark', async () => {
    const etag = await loadEtagFunction();
    const { output } = await vault.engine.call('note_read', { path: 'Bom.md' });
    expect((output as { etag: string }).etag).toBe(etag(WITH_BOM));
  });

  it('is never made up for a note that is not UTF-8: note_read and note_patch fail with not_utf8', async () => {
    await expectIndxError(vault.engine.call('note_read', { path: 'Latin.md' }), 'not_utf8');
    await expectIndxError(vault.engine.call('note_patch', { path: 'Latin.md', ops: [{ op: 'append_body', markdown: 'x' }] }), 'not_utf8');
    expect((await fs.readFile(path.join(vault.root, 'Latin.md'))).equals(LATIN1)).toBe(true);
  });
});
