import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { WRITE_LOCK_NAME, acquireWriteLock } from '../../../src/hosts/node/write-lock';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

const REPOSITORY = path.resolve(__dirname, '../../..');

// A second process running our own acquireWriteLock (bundled on the fly), as `indx serve` does.
const HOLDER_SOURCE = `
import { acquireWriteLock } from './src/hosts/node/write-lock';
acquireWriteLock(process.env.INDX_TEST_STATE_DIR as string).then(
  () => process.stdout.write('locked\\n'),
  (error) => process.stdout.write('failed ' + error.code + '\\n'),
);
setInterval(() => {}, 1000);
`;

let bundled: string | null = null;

function startHolder(stateDir: string): Promise<ChildProcess> {
  bundled ??= buildSync({ stdin: { contents: HOLDER_SOURCE, resolveDir: REPOSITORY, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', write: false, logLevel: 'silent' }).outputFiles[0]?.text ?? '';
  const child = spawn(process.execPath, ['-e', bundled], { env: { ...process.env, INDX_TEST_STATE_DIR: stateDir } });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => (data.toString().startsWith('locked') ? resolve(child) : reject(new Error(data.toString()))));
    child.once('error', reject);
  });
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

describe('acquireWriteLock', () => {
  let vault: string;
  let stateDir: string;
  let lockDir: string;

  beforeEach(async () => {
    vault = await makeTempVault({});
    stateDir = path.join(vault, '.indx');
    lockDir = path.join(stateDir, WRITE_LOCK_NAME);
  });

  afterEach(async () => {
    await removeTempVault(vault);
  });

  it('fails with lock_unavailable naming the other process while it lives, and is free once it is killed', async () => {
    const child = await startHolder(stateDir);
    const failure = acquireWriteLock(stateDir);
    await expect(failure).rejects.toMatchObject({ code: 'lock_unavailable' });
    await expect(failure).rejects.toThrow(`process ${child.pid ?? 0} on ${os.hostname()}`);
    // kill -9: no exit handler runs, the lock folder stays behind with a dead owner.
    await kill(child, 'SIGKILL');
    await expect(fs.stat(lockDir)).resolves.toBeDefined();
    const release = await acquireWriteLock(stateDir);
    await release();
  });

  it('is free again after release, and held in between (also within one process)', async () => {
    const release = await acquireWriteLock(stateDir);
    await expect(fs.stat(lockDir)).resolves.toBeDefined();
    const second = acquireWriteLock(stateDir);
    await expect(second).rejects.toMatchObject({ code: 'lock_unavailable' });
    await expect(second).rejects.toThrow(`process ${process.pid}`);
    await release();
    await expect(fs.stat(lockDir)).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await acquireWriteLock(stateDir);
    await again();
  });

  it('keeps the lock folder 0700 and its owner record 0600', async () => {
    const release = await acquireWriteLock(stateDir);
    expect((await fs.stat(lockDir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(lockDir, 'owner.json'))).mode & 0o777).toBe(0o600);
    await release();
  });

  it("respects another host's fresh lock and takes it over once it is 10 s without a refresh", async () => {
    await fs.mkdir(lockDir, { recursive: true });
    await fs.writeFile(path.join(lockDir, 'owner.json'), JSON.stringify({ pid: 1, hostname: 'another-host', command: 'indx serve', since: 'then', nonce: 'abc' }));
    await expect(acquireWriteLock(stateDir)).rejects.toThrow('process 1 on another-host (indx serve');
    const old = new Date(Date.now() - 11_000);
    await fs.utimes(lockDir, old, old);
    const release = await acquireWriteLock(stateDir);
    await release();
  });

  it('leaves the process as it found it: no exit or signal listeners, fs untouched', async () => {
    const nodeFs = await import('node:fs');
    const globals = () => ({ listeners: ['exit', 'SIGTERM', 'SIGINT', 'SIGHUP'].map((event) => process.listenerCount(event)), close: nodeFs.close.toString(), closeSync: nodeFs.closeSync.toString(), emit: process.emit.toString() });
    const before = globals();
    const release = await acquireWriteLock(stateDir);
    await release();
    expect(globals()).toEqual(before);
  });

  it('lets a child take the lock after we release it', async () => {
    const release = await acquireWriteLock(stateDir);
    await release();
    const child = await startHolder(stateDir);
    await kill(child, 'SIGTERM');
  });
});
