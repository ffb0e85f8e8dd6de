import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../../../../../src/hosts/node/atomic-write';
import type { ConfigLocation } from './client-targets';

/** A configuration file as read: its text ('' when missing) and whether it exists. */
export interface ConfigFileText {
  text: string;
  exists: boolean;
  /** Permission bits of the existing file, kept when it is rewritten. */
  mode: number | null;
}

/** Reads the configuration file of `location`; a missing file reads as empty. */
export async function readConfigFile(location: ConfigLocation): Promise<ConfigFileText> {
  try {
    const [text, stats] = await Promise.all([fs.readFile(location.path, 'utf8'), fs.stat(location.path)]);
    return { text, exists: true, mode: stats.mode & 0o777 };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: '', exists: false, mode: null };
    throw error;
  }
}

/**
 * Writes `text` as the configuration file of `location`, atomically: a timestamped copy of the
 * existing file (`<file>.indx-backup-<time>`) is made first, the folder is created when missing,
 * and the file keeps its permission bits. Security: a new file is private to the user (0600), as
 * it may hold a token. Resolves with the backup's path (null when there was no file).
 */
export async function writeConfigFile(location: ConfigLocation, current: ConfigFileText, text: string, now: Date = new Date()): Promise<string | null> {
  const backup = current.exists ? await backupFile(location.path, now) : null;
  await fs.mkdir(path.dirname(location.path), { recursive: true });
  await writeFileAtomic(location.path, text, { mode: current.mode ?? 0o600 });
  return backup;
}

async function backupFile(file: string, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; ; attempt += 1) {
    const backup = `${file}.indx-backup-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    try {
      await fs.copyFile(file, backup, constants.COPYFILE_EXCL);
      return backup;
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
