import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEtagFunction } from '../../src/core/vault/etag';
import { makePng } from '../helpers/png';
import { writeTempFolder } from '../helpers/temp-vault';
import { serveVault, SERVED_FILES, type ServedVault } from '../server/http/server-harness';
import { isolatedEnvironment, printedError, runCli, type CliResult } from './run-cli';

// `indx attachment put PATH --file F` and `indx attachment get PATH --out F`: the built CLI reads
// and writes files for the operations' binary fields, on a running server (the bytes as a raw
// request body) and in-process.

const PNG = makePng(6, 4, 3);

describe('indx attachment put / get', () => {
  let served: ServedVault;
  let home: string;
  let work: string;
  const json = <T>(result: CliResult): T => {
    expect([result.code, result.stderr]).toEqual([0, '']);
    return JSON.parse(result.stdout) as T;
  };

  beforeAll(async () => {
    served = await serveVault({ files: { ...SERVED_FILES, 'Board.md': '![[pic.png]]\n' } });
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
    work = await mkdtemp(join(tmpdir(), 'indx-files-'));
    await writeFile(join(work, 'pic.png'), PNG);
  });

  afterAll(async () => {
    await served.dispose();
    await rm(home, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  it('round-trips a PNG through a running server: put --file, list, get --out gives the same bytes', async () => {
    const indx = (args: string[]) => runCli(args, isolatedEnvironment(home, { INDX_URL: served.server.url, INDX_TOKEN: served.write }));
    const etag = (await loadEtagFunction())(PNG);
    const put = json<Record<string, unknown>>(await indx(['attachment', 'put', 'media/pic.png', '--file', join(work, 'pic.png'), '--if-not-exists']));
    expect(put).toEqual({ path: 'media/pic.png', mime: 'image/png', size: PNG.length, etag, created: true });
    expect(await readFile(join(served.vault.root, 'media/pic.png'))).toEqual(PNG);

    const listed = json<{ attachments: Record<string, unknown>[] }>(await indx(['attachment', 'list']));
    expect(listed.attachments).toEqual([expect.objectContaining({ path: 'media/pic.png', linked_from: ['Board.md'] })]);

    const got = json<Record<string, unknown>>(await indx(['attachment', 'get', 'media/pic.png', '--out', join(work, 'copy.png')]));
    expect(got).toEqual({ path: 'media/pic.png', mime: 'image/png', size: PNG.length, etag, out: join(work, 'copy.png') });
    expect(await readFile(join(work, 'copy.png'))).toEqual(PNG);

    const again = await indx(['attachment', 'put', 'media/pic.png', '--file', join(work, 'pic.png'), '--if-not-exists']);
    expect([again.code, printedError(again).code]).toEqual([4, 'already_exists']);
    const missing = await indx(['attachment', 'put', 'media/x.png', '--file', join(work, 'nope.png')]);
    expect([missing.code, printedError(missing).code]).toEqual([2, 'invalid_input']);
  });

  it('does the same in-process on --vault', async () => {
    const root = await writeTempFolder({ 'Board.md': '![[pic.png]]\n' });
    const indx = (args: string[]) => runCli([...args, '--vault', root], isolatedEnvironment(home));
    const put = json<{ created: boolean }>(await indx(['attachment', 'put', 'local/pic.png', '--file', join(work, 'pic.png')]));
    expect(put.created).toBe(true);
    const got = json<{ out: string }>(await indx(['attachment', 'get', 'local/pic.png', '--out', join(work, 'local.png')]));
    expect(await readFile(got.out)).toEqual(PNG);
    const summary = await indx(['attachment', 'get', 'local/pic.png', '--summary']);
    expect(summary.stdout).toMatch(/^Read local\/pic\.png \(image\/png, \d+ bytes, etag [0-9a-f]{16}\)\.\n$/);
    expect(await readFile(join(root, 'local/pic.png'))).toEqual(PNG);
    await rm(root, { recursive: true, force: true });
  });
});
