import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as lockfile from 'proper-lockfile';
import { IndxError } from '../../core/errors';

/** The lock folder proper-lockfile creates inside the state folder. */
export const WRITE_LOCK_NAME = 'write.lock';

/** Who holds the lock, written beside it so that a refused process can say which. */
const OWNER_NAME = 'write.lock.owner.json';

/** A lock not refreshed for this long belongs to a dead process and may be taken over. */
const STALE_AFTER_MS = 10_000;

/** Options of {@link acquireWriteLock}. */
export interface WriteLockOptions {
  /** How many times to retry while another process holds the lock (default 0). */
  retries?: number;
  /** Called when the lock is lost while held (its folder was removed or could not be refreshed). */
  onCompromised?: (error: Error) => void;
}

/** The record of the process holding the lock. */
interface LockOwner {
  pid: number;
  hostname: string;
  command: string;
  since: string;
}

/**
 * Takes the exclusive write lock of a vault's state folder, so that one process at a time
 * (the plugin or one headless server) writes the index. The lock is refreshed while held, taken
 * over once stale, and released on process exit. Resolves with the function that releases it;
 * fails with `lock_unavailable` naming the live holder.
 */
export async function acquireWriteLock(stateDir: string, options: WriteLockOptions = {}): Promise<() => Promise<void>> {
  // Security: the state folder holds token hashes and the audit log, so only its owner may read it.
  await fs.mkdir(stateDir, { recursive: true, mode: 0o700 });
  const release = await lockfile
    .lock(stateDir, {
      lockfilePath: path.join(stateDir, WRITE_LOCK_NAME),
      stale: STALE_AFTER_MS,
      retries: options.retries ?? 0,
      onCompromised: options.onCompromised ?? warnCompromised,
    })
    .catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      throw lockUnavailable(stateDir, await readOwner(stateDir), error);
    });
  await writeOwner(stateDir);
  return async () => {
    await fs.rm(path.join(stateDir, OWNER_NAME), { force: true });
    await release();
  };
}

async function writeOwner(stateDir: string): Promise<void> {
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    since: new Date().toISOString(),
  };
  await fs.writeFile(path.join(stateDir, OWNER_NAME), JSON.stringify(owner));
}

async function readOwner(stateDir: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(stateDir, OWNER_NAME), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

function lockUnavailable(stateDir: string, owner: LockOwner | null, cause: unknown): IndxError {
  const holder =
    owner === null
      ? 'another process'
      : `process ${owner.pid} on ${owner.hostname} (${owner.command || 'unknown command'}, since ${owner.since})`;
  const message =
    `The vault's index at "${stateDir}" is locked for writing by ${holder}. ` +
    'Only one process may write a vault at a time: stop that process (or close Obsidian with the indx plugin), ' +
    'or connect to its server instead of starting another. ' +
    `A lock left by a crashed process expires after ${STALE_AFTER_MS / 1000} seconds.`;
  return new IndxError('lock_unavailable', message, { stateDir, owner }, { cause });
}

function warnCompromised(error: Error): void {
  process.emitWarning(`indx: the vault write lock was lost: ${error.message}`);
}
