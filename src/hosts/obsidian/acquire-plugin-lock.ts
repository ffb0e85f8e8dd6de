import { hostname } from 'node:os';
import { isIndxError } from '../../core/errors';
import { acquireWriteLock } from '../node/write-lock';

/**
 * Takes the vault's write lock for the plugin's server. A lock this very process holds is a
 * previous instance of the plugin still releasing it (Obsidian reloads a plugin without waiting
 * for its unload): that one is waited for, with `retries` retries backing off from 1 s. A lock
 * another process holds (a headless `indx` started by an MCP client) fails at once with
 * `lock_unavailable`, so the plugin can wait for it in the background instead.
 */
export async function acquirePluginLock(stateDir: string, retries: number): Promise<() => Promise<void>> {
  try {
    return await acquireWriteLock(stateDir);
  } catch (error: unknown) {
    if (!isIndxError(error, 'lock_unavailable') || isHeldElsewhere(error.details.owner)) throw error;
    return acquireWriteLock(stateDir, { retries });
  }
}

/** True when the lock's owner record names another process; an unknown owner may be our previous instance. */
function isHeldElsewhere(owner: unknown): boolean {
  if (typeof owner !== 'object' || owner === null) return false;
  const { pid, hostname: host } = owner as { pid?: unknown; hostname?: unknown };
  return pid !== process.pid || host !== hostname();
}
