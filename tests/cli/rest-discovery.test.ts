import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { discoveryFolder, writeDiscovery, type DiscoveryRecord } from '../../src/server/discovery/discovery-file';
import { writeTempFolder } from '../helpers/temp-vault';
import { serveVault, type ServedVault } from '../server/http/server-harness';
import { isolatedEnvironment, printedError, runCli } from './run-cli';

/** The pid of a process that has exited: a discovery record naming it is stale. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('operation commands find a running server through its discovery record', () => {
  let served: ServedVault;
  let home: string;
  let folder: string;

  const recordFor = (vault: string, url: string, pid = process.pid): DiscoveryRecord => ({
    version: 1,
    host: 'headless',
    url,
    port: Number(new URL(url).port),
    vault_path: vault,
    vault_name: basename(vault),
    pid,
    started_at: '2026-11-22T00:00:00.000Z',
  });

  beforeEach(async () => {
    served = await serveVault();
    home = await mkdtemp(join(tmpdir(), 'indx-home-'));
    folder = discoveryFolder({ INDX_HOME: home });
    // Written behind the server's back (it does not watch): only an in-process run would see it.
    await writeFile(join(served.vault.root, 'Fresh.md'), '# Fresh\n');
  });

  afterEach(async () => {
    await served.dispose();
    await rm(home, { recursive: true, force: true });
  });

  it('--vault DIR (and INDX_VAULT) talks to the server recorded for that vault, with the token', async () => {
    await writeDiscovery(recordFor(served.vault.root, served.server.url), folder);
    const environment = isolatedEnvironment(home, { INDX_TOKEN: served.read });
    const byOption = await runCli(['note', 'exists', 'Fresh', '--vault', served.vault.root], environment);
    expect(JSON.parse(byOption.stdout)).toEqual({ path: 'Fresh.md', exists: false });
    const byVariable = await runCli(['note', 'exists', 'Welcome'], { ...environment, INDX_VAULT: served.vault.root });
    expect(JSON.parse(byVariable.stdout)).toEqual({ path: 'Welcome.md', exists: true });
    const badToken = await runCli(['vault', 'status', '--vault', served.vault.root], { ...environment, INDX_TOKEN: 'indx_wrong' });
    expect([badToken.code, printedError(badToken).code]).toEqual([5, 'unauthorized']);
  });

  it('without --vault uses the only live server, and exits 6 naming them when several run', async () => {
    await writeDiscovery(recordFor(served.vault.root, served.server.url), folder);
    const environment = isolatedEnvironment(home, { INDX_TOKEN: served.read });
    expect(JSON.parse((await runCli(['note', 'exists', 'Fresh'], environment)).stdout)).toEqual({ path: 'Fresh.md', exists: false });
    const other = await writeTempFolder({});
    try {
      await writeDiscovery(recordFor(other, 'http://127.0.0.1:9'), folder);
      const ambiguous = await runCli(['vault', 'status'], environment);
      expect([ambiguous.code, printedError(ambiguous).code]).toEqual([6, 'server_unavailable']);
      expect(printedError(ambiguous).details).toEqual({ vaults: expect.arrayContaining([served.vault.root, other]) as unknown });
      expect(JSON.parse((await runCli(['note', 'exists', 'Fresh', '--vault', served.vault.root], environment)).stdout)).toMatchObject({ exists: false });
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('runs in-process on --vault when its record names a process that has exited', async () => {
    await writeDiscovery(recordFor(served.vault.root, served.server.url, await deadPid()), folder);
    const result = await runCli(['note', 'exists', 'Fresh', '--vault', served.vault.root], isolatedEnvironment(home));
    expect([result.code, JSON.parse(result.stdout)]).toEqual([0, { path: 'Fresh.md', exists: true }]);
  });
});
