import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { IndxError } from '../../core/errors';

/** The lock folder inside the state folder: whoever created it holds the lock. */
export const WRITE_LOCK_NAME = 'write.lock';

/** Who holds the lock, written inside the lock folder so that a refused process can say which. */
const OWNER_NAME = 'owner.json';

/** Where indx before 0.2 (proper-lockfile) wrote its owner record: read for the message only. */
const LEGACY_OWNER_NAME = 'write.lock.owner.json';

/** A lock not refreshed for this long belongs to a dead process (on another host) and may be taken over. */
const STALE_AFTER_MS = 10_000;

/** How often the holder refreshes the lock folder's modification time. */
const REFRESH_EVERY_MS = STALE_AFTER_MS / 2;

/** Pause between attempts while another process holds the lock. */
const RETRY_PAUSE_MS = 1_000;

/** Options of {@link acquireWriteLock}. */
export interface WriteLockOptions {
  /** How many times to retry while another process holds the lock (default 0), a second apart. */
  retries?: number;
  /** Called when the lock is lost while held (its folder was removed or taken over). */
  onCompromised?: (error: Error) => void;
}

/** The record of the process holding the lock. */
interface LockOwner {
  pid: number;
  hostname: string;
  command: string;
  since: string;
  /** Random per acquisition: tells this holder's lock from a later one of the same pid. */
  nonce?: string;
}

/**
 * Takes the exclusive write lock of a vault's state folder, so that one process at a time (the
 * plugin or one headless server) writes the index. The lock is a folder created with `mkdir`
 * (atomic, also across processes that share the folder), with the owner's pid, host and a nonce
 * inside, refreshed every 5 s while held. It is taken over at once when its owner is a dead
 * process on this host (a crash or `kill -9` leaves the folder behind; the pid check makes the
 * restart immediate), or after 10 s without a refresh otherwise (another host sharing the vault,
 * or a record that cannot be read). Nothing is patched in the process (no exit hooks): a normal
 * stop releases the lock, a crash leaves one the next start takes over. Resolves with the
 * function that releases it; fails with `lock_unavailable` naming the live holder. The same
 * folder layout and refresh as the proper-lockfile lock of earlier versions, so both exclude
 * each other.
 */
export async function acquireWriteLock(stateDir: string, options: WriteLockOptions = {}): Promise<() => Promise<void>> {
  // Security: the state folder holds token hashes and the audit log, so only its owner may read it.
  await fs.mkdir(stateDir, { recursive: true, mode: 0o700 });
  const lockDir = path.join(stateDir, WRITE_LOCK_NAME);
  for (let attempt = 0; ; attempt += 1) {
    const owner = await tryLock(lockDir);
    if (owner !== null) return holdLock(lockDir, owner, options.onCompromised ?? warnCompromised);
    if (await takeOverIfAbandoned(lockDir)) continue;
    if (attempt >= (options.retries ?? 0)) throw lockUnavailable(stateDir, await readOwner(lockDir, stateDir));
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

/** Creates the lock folder and the owner record in it; null when the folder exists already. */
async function tryLock(lockDir: string): Promise<LockOwner | null> {
  try {
    await fs.mkdir(lockDir, { mode: 0o700 });
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
  await fs.writeFile(path.join(lockDir, OWNER_NAME), JSON.stringify(owner), { mode: 0o600 });
  return owner;
}

function holdLock(lockDir: string, owner: LockOwner, onCompromised: (error: Error) => void): () => Promise<void> {
  let released = false;
  const refresh = setInterval(() => {
    void stillOurs(lockDir, owner).then(async (ours) => {
      if (released) return;
      if (!ours) {
        clearInterval(refresh);
        onCompromised(new Error(`the lock folder ${lockDir} was removed or taken over by another process`));
        return;
      }
      const now = new Date();
      await fs.utimes(lockDir, now, now).catch(() => undefined);
    });
  }, REFRESH_EVERY_MS);
  refresh.unref();
  return async () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    if (await stillOurs(lockDir, owner)) await fs.rm(lockDir, { recursive: true, force: true });
  };
}

async function stillOurs(lockDir: string, owner: LockOwner): Promise<boolean> {
  const current = await readRecord(path.join(lockDir, OWNER_NAME));
  return current !== null && current.nonce === owner.nonce && current.pid === owner.pid;
}

/**
 * Removes a lock whose owner is gone: a dead pid on this host, or no refresh for `STALE_AFTER_MS`.
 * The folder is first renamed to a unique name (only one process can move it), then checked to be
 * the one judged abandoned: a racing process may have replaced it in between, and its lock is put
 * back. True when the caller should try again.
 */
async function takeOverIfAbandoned(lockDir: string): Promise<boolean> {
  const judged = await abandonedOwner(lockDir);
  if (judged === undefined) return false;
  const moved = `${lockDir}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await fs.rename(lockDir, moved);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const found = await readRecord(path.join(moved, OWNER_NAME));
  if (judged !== null && found?.nonce !== judged.nonce) {
    await fs.rename(moved, lockDir).catch(() => undefined);
    return false;
  }
  await fs.rm(moved, { recursive: true, force: true });
  return true;
}

/** The abandoned lock's owner (null: no readable record but stale); undefined while it is held. */
async function abandonedOwner(lockDir: string): Promise<LockOwner | null | undefined> {
  const owner = await readRecord(path.join(lockDir, OWNER_NAME));
  if (owner !== null && owner.hostname === os.hostname() && owner.pid !== process.pid && !isAlive(owner.pid)) return owner;
  const stat = await fs.stat(lockDir).catch(() => null);
  if (stat === null) return undefined;
  return Date.now() - stat.mtimeMs > STALE_AFTER_MS ? owner : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(lockDir: string, stateDir: string): Promise<LockOwner | null> {
  return (await readRecord(path.join(lockDir, OWNER_NAME))) ?? (await readRecord(path.join(stateDir, LEGACY_OWNER_NAME)));
}

async function readRecord(file: string): Promise<LockOwner | null> {
  try {
    const record = JSON.parse(await fs.readFile(file, 'utf8')) as LockOwner;
    return typeof record.pid === 'number' ? record : null;
  } catch {
    return null;
  }
}

function lockUnavailable(stateDir: string, owner: LockOwner | null): IndxError {
  const holder =
    owner === null
      ? 'another process'
      : `process ${owner.pid} on ${owner.hostname} (${owner.command || 'unknown command'}, since ${owner.since})`;
  const message =
    `The vault's index at "${stateDir}" is locked for writing by ${holder}. ` +
    'Only one process may write a vault at a time: stop that process (or close Obsidian with the indx plugin), ' +
    'or connect to its server instead of starting another. ' +
    `A lock left by a crashed process on this computer is taken over at once; one from another computer after ${STALE_AFTER_MS / 1000} seconds.`;
  return new IndxError('lock_unavailable', message, { stateDir, owner });
}

function warnCompromised(error: Error): void {
  process.emitWarning(`indx: the vault write lock was lost: ${error.message}`);
}
