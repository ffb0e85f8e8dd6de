import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { FileContent, VaultEvent } from '../../../src/core/vault/vault-host';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { makePng } from '../../helpers/png';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

const PNG = makePng(2, 2, 1);
/** Bigger than the host's synchronous small-file read (256 KiB): read the careful way. */
const BIG = new Uint8Array(300 * 1024).map((_, index) => (index * 7) & 0xff);

// Attachments on the headless host: bytes in and out unchanged, a binary write atomic and guarded
// by a check under the path's lock (as `process`), and delete and move checks shown the bytes.
describe('NodeVaultHost bytes', () => {
  let vault: string;
  let host: NodeVaultHost;
  let events: VaultEvent[];

  beforeEach(async () => {
    vault = await makeTempVault({ 'img/pic.png': PNG, 'big.bin': BIG, 'Note.md': '![[pic.png]]\n' });
    host = await NodeVaultHost.open(vault);
    events = [];
    host.on((event) => events.push(event));
  });

  afterEach(async () => {
    await host.close();
    await removeTempVault(vault);
  });

  it('reads a file\'s bytes, small or big, and answers not_found for a missing one', async () => {
    expect(Buffer.from(await host.readBinary('img/pic.png'))).toEqual(PNG);
    expect(new Uint8Array(await host.readBinary('big.bin'))).toEqual(BIG);
    await expect(host.readBinary('img/none.png')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('creates a file with its folders, then replaces it, firing create then modify; the check sees null, then the bytes there', async () => {
    const seen: (Uint8Array | null)[] = [];
    await host.writeBinary('new/deep/a.png', PNG, (current) => void seen.push(current));
    await host.writeBinary('new/deep/a.png', BIG, (current) => void seen.push(current));
    expect(seen.map((bytes) => (bytes === null ? null : Buffer.from(bytes)))).toEqual([null, PNG]);
    expect(new Uint8Array(await fs.readFile(path.join(vault, 'new/deep/a.png')))).toEqual(BIG);
    expect(events.filter((event) => event.path === 'new/deep/a.png').map((event) => event.type)).toEqual(['create', 'modify']);
    expect(host.stat('new/deep/a.png')?.size).toBe(BIG.length);
  });

  it('writes nothing when the check throws, and leaves no temporary file', async () => {
    const refusal = new Error('etag mismatch');
    await expect(
      host.writeBinary('img/pic.png', BIG, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await fs.readFile(path.join(vault, 'img/pic.png'))).toEqual(PNG);
    expect(await fs.readdir(path.join(vault, 'img'))).toEqual(['pic.png']);
    expect(events).toEqual([]);
  });

  it('runs concurrent guarded writes one at a time: of two "create only" writes exactly one lands', async () => {
    const createOnly = (current: Uint8Array | null): void => {
      if (current !== null) throw new Error('exists');
    };
    const outcomes = await Promise.allSettled([host.writeBinary('race.png', PNG, createOnly), host.writeBinary('race.png', BIG, createOnly)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = outcomes[0]?.status === 'fulfilled' ? PNG : BIG;
    expect(new Uint8Array(await fs.readFile(path.join(vault, 'race.png')))).toEqual(new Uint8Array(winner));
  });

  it('refuses to write over a folder', async () => {
    await expect(host.writeBinary('img', PNG)).rejects.toMatchObject({ code: 'already_exists' });
  });

  it('shows a delete or move check an attachment\'s bytes and a note\'s text', async () => {
    const seen: FileContent[] = [];
    await host.rename('img/pic.png', 'img/moved.png', (content) => void seen.push(content));
    await host.trash('Note.md', (content) => void seen.push(content));
    await host.trash('img/moved.png', (content) => void seen.push(content));
    expect(seen).toEqual([new Uint8Array(PNG), '![[pic.png]]\n', new Uint8Array(PNG)]);
    expect(await fs.readFile(path.join(vault, '.trash/img/moved.png'))).toEqual(PNG);
  });
});
