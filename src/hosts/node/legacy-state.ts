import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { isIndxError } from '../../core/errors';
import { isFolder, legacyStateDir } from './file-storage';
import { acquireWriteLock } from './write-lock';

/** What {@link adoptLegacyState} did. */
export type LegacyStateOutcome =
  /** `<vault>/.indx` was moved to the plugin's state folder. */
  | { kind: 'moved'; from: string }
  /** A running process holds `<vault>/.indx`: it stays in use where it is, this time. */
  | { kind: 'in_use'; at: string }
  /** Nothing to move: no `<vault>/.indx`, or the plugin's state folder exists already. */
  | { kind: 'none' };

/**
 * Moves the state a headless `indx` (or, before 0.2, a plugin installed under another folder
 * name) kept in `<vault>/.indx` into the plugin's own state folder, once: tokens, configuration,
 * audit log and index come along. Only when the plugin's folder has no state yet, and only when no
 * running process holds the old folder's write lock (then it is left alone and reported).
 */
export async function adoptLegacyState(vaultRoot: string, stateDir: string): Promise<LegacyStateOutcome> {
  const legacy = legacyStateDir(vaultRoot);
  if (path.resolve(legacy) === path.resolve(stateDir) || !isFolder(legacy) || existsSync(stateDir)) return { kind: 'none' };
  try {
    const release = await acquireWriteLock(legacy);
    await release();
  } catch (error: unknown) {
    if (isIndxError(error) && error.code === 'lock_unavailable') return { kind: 'in_use', at: legacy };
    throw error;
  }
  await fs.mkdir(path.dirname(stateDir), { recursive: true });
  await fs.rename(legacy, stateDir);
  return { kind: 'moved', from: legacy };
}
