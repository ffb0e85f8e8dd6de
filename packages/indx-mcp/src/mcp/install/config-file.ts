import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../../../../src/core/errors';
import { writeFileAtomic } from '../../../../../src/hosts/node/atomic-write';
import type { ConfigLocation } from './client-targets';

/** A configuration file as read: its text ('' when missing) and whether it exists. */
export interface ConfigFileText {
  text: string;
  exists: boolean;
  /** Permission bits of the existing file, kept when it is rewritten without a secret. */
  mode: number | null;
  /** The file actually read and written: the location with its symbolic links followed (itself when none). */
  realPath: string;
}

/** Symbolic links followed before giving up (as the kernel's own limit). */
const MAX_LINKS = 40;
/** Permission bits of a file that holds a secret, and of every backup. */
const PRIVATE_MODE = 0o600;

/** Reads the configuration file of `location` (through its symbolic links); a missing file reads as empty. */
export async function readConfigFile(location: ConfigLocation): Promise<ConfigFileText> {
  const realPath = await followLinks(location.path);
  try {
    const [text, stats] = await Promise.all([fs.readFile(realPath, 'utf8'), fs.stat(realPath)]);
    return { text, exists: true, mode: stats.mode & 0o777, realPath };
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: '', exists: false, mode: null, realPath };
    throw error;
  }
}

/**
 * Writes `text` as the configuration file read as `current`, atomically: a timestamped copy of
 * the existing file (`<file>.indx-backup-<time>`, mode 0600) is made first, the folder is
 * created when missing, and the file keeps its permission bits. A symbolic link stays a link:
 * its target is backed up and replaced. Security: a file written with a secret (`secret`), and
 * any new file, is private to the user (0600). Resolves with the backup's path (null when there
 * was no file).
 */
export async function writeConfigFile(current: ConfigFileText, text: string, options: { secret?: boolean; now?: Date } = {}): Promise<string | null> {
  const backup = current.exists ? await backupFile(current.realPath, options.now ?? new Date()) : null;
  await fs.mkdir(path.dirname(current.realPath), { recursive: true });
  await writeFileAtomic(current.realPath, text, { mode: options.secret === true ? PRIVATE_MODE : (current.mode ?? PRIVATE_MODE) });
  return backup;
}

/** `file` with symbolic links of its last component followed, also to a target that does not exist yet. */
async function followLinks(file: string): Promise<string> {
  let current = file;
  for (let hops = 0; hops < MAX_LINKS; hops += 1) {
    const stats = await fs.lstat(current).catch(() => null);
    if (stats === null || !stats.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), await fs.readlink(current));
  }
  throw new IndxError('invalid_input', `${file} is a chain of more than ${MAX_LINKS} symbolic links (a loop?). Fix the link, then retry.`, { path: file });
}

/** Security: the backup is created 0600 (never briefly readable by others): it may hold a token, the old one or another server's. */
async function backupFile(file: string, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const bytes = await fs.readFile(file);
  for (let attempt = 0; ; attempt += 1) {
    const backup = `${file}.indx-backup-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    try {
      await fs.writeFile(backup, bytes, { mode: PRIVATE_MODE, flag: 'wx' });
      return backup;
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
