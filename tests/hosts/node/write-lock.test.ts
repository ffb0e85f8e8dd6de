import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { WRITE_LOCK_NAME, acquireWriteLock } from '../../../src/hosts/node/write-lock';
import { makeTempVault, removeTempVault } from '../../helpers/temp-vault';

/** A second process that takes the same lock the way acquireWriteLock does, then waits. */
const CHILD_SCRIPT = `
const lockfile = require(process.argv[1]);
const fs = require('fs');
const path = require('path');
const stateDir = process.argv[2];
lockfile.lock(stateDir, { lockfilePath: path.join(stateDir, process.argv[3]), stale: 10000 }).then(() => {
  const owner = { pid: process.pid, hostname: 'test-host', command: 'child holder', since: 'now' };
  fs.writeFileSync(path.join(stateDir, 'write.lock.owner.json'), JSON.stringify(owner));
  process.stdout.write('locked\\n');
}, (error) => { process.stdout.write('failed ' + error.code + '\\n'); });
process.on('SIGTERM', () => process.exit(0));
setInterval(() => {}, 1000);
`;

function startHolder(stateDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', CHILD_SCRIPT, require.resolve('proper-lockfile'), stateDir, WRITE_LOCK_NAME]);
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) =>
      data.toString().startsWith('locked') ? resolve(child) : reject(new Error(data.toString())),
    );
    child.once('error', reject);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('acquireWriteLock', () => {
  let vault: string;
  let stateDir: string;

  beforeEach(async () => {
    vault = await makeTempVault({});
    stateDir = path.join(vault, '.indx');
  });

  afterEach(async () => {
    await removeTempVault(vault);
  });

  it('fails with lock_unavailable naming the other process while it holds the lock', async () => {
    await fs.mkdir(stateDir, { recursive: true });
    const child = await startHolder(stateDir);
    try {
      const failure = acquireWriteLock(stateDir);
      await expect(failure).rejects.toMatchObject({ code: 'lock_unavailable' });
      await expect(failure).rejects.toThrow(`process ${child.pid ?? 0} on test-host (child holder`);
    } finally {
      await stop(child);
    }
    // The holder's exit handler (signal-exit) removed the lock, so it can be taken now.
    const release = await acquireWriteLock(stateDir, { retries: 5 });
    await release();
  });

  it('is free again after release, and held in between', async () => {
    const release = await acquireWriteLock(stateDir);
    await expect(fs.stat(path.join(stateDir, WRITE_LOCK_NAME))).resolves.toBeDefined();
    const second = acquireWriteLock(stateDir);
    await expect(second).rejects.toMatchObject({ code: 'lock_unavailable' });
    await expect(second).rejects.toThrow(`process ${process.pid}`);
    await release();
    await expect(fs.stat(path.join(stateDir, WRITE_LOCK_NAME))).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await acquireWriteLock(stateDir);
    await again();
  });

  it('lets a child take the lock after we release it', async () => {
    const release = await acquireWriteLock(stateDir);
    await release();
    const child = await startHolder(stateDir);
    await stop(child);
  });
});
