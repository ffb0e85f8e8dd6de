import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstatSync, promises as fs, rmSync } from 'node:fs';
import * as path from 'node:path';

/** Every temporary file this module creates ends with this suffix (and starts with a dot). */
export const TEMPORARY_FILE_SUFFIX = '.indx-tmp';

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Fail with the file system's `EEXIST` instead of replacing an existing target. */
  exclusive?: boolean;
  /** Permission bits of a newly written file (POSIX; before the umask). Default 0o666. */
  mode?: number;
  /**
   * Sync the file and its folder to disk (default true). A cache whose files carry their own
   * checksum may skip it: a crash can then lose or tear the new bytes, never mix them with the old.
   */
  durable?: boolean;
}

/** True for the names of the temporary files {@link writeFileAtomic} leaves while it works. */
export function isTemporaryFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith(TEMPORARY_FILE_SUFFIX);
}

/** A temporary file of an atomic write this old is a crash's leftover, never a write in flight. */
const LEFTOVER_AFTER_MS = 10 * 60_000;

/**
 * Removes the temporary file at `absolutePath` when it is a crash's leftover: a crash between
 * writing it and renaming it over its target leaves it behind (the target itself is whole, old
 * or new). Fresh ones may belong to a write in flight of another process, so only old ones go.
 * Returns whether it was removed.
 */
export function removeLeftover(absolutePath: string): boolean {
  try {
    if (Date.now() - lstatSync(absolutePath).mtimeMs <= LEFTOVER_AFTER_MS) return false;
    rmSync(absolutePath, { force: true });
    return true;
  } catch {
    // Gone already, or not ours to remove: it stays hidden either way.
    return false;
  }
}

/**
 * Writes `data` to `absolutePath` so that readers see either the old bytes or the new ones,
 * never a mix: a dot-prefixed temporary file in the same folder is written and synced, renamed
 * over the target (linked, when `exclusive`), and the folder is synced so the rename survives a
 * crash. The temporary file is removed when anything fails. Resolves with the stats of the
 * bytes written, taken before they became visible, so no later writer's change is mistaken for
 * ours.
 */
export async function writeFileAtomic(
  absolutePath: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<Stats> {
  const temporaryPath = temporaryPathFor(absolutePath);
  let stats: Stats;
  try {
    stats = await writeAndSync(temporaryPath, data, options.mode ?? 0o666, options.durable !== false);
    await moveIntoPlace(temporaryPath, absolutePath, options.exclusive === true);
  } catch (error: unknown) {
    await fs.rm(temporaryPath, { force: true });
    throw error;
  }
  if (options.durable !== false) await syncFolder(path.dirname(absolutePath));
  return stats;
}

function temporaryPathFor(absolutePath: string): string {
  const suffix = randomBytes(6).toString('hex');
  // At most 50 characters of the target's name, so a name near the file system's limit still leaves room for the temporary one.
  const name = `.${[...path.basename(absolutePath)].slice(0, 50).join('')}.${suffix}${TEMPORARY_FILE_SUFFIX}`;
  return path.join(path.dirname(absolutePath), name);
}

async function writeAndSync(absolutePath: string, data: string | Uint8Array, mode: number, sync: boolean): Promise<Stats> {
  // The rename keeps the temporary file's mode, so the target ends up with `mode` as well.
  const handle = await fs.open(absolutePath, 'wx', mode);
  try {
    await handle.writeFile(data);
    if (sync) await handle.sync();
    return await handle.stat();
  } finally {
    await handle.close();
  }
}

async function moveIntoPlace(temporaryPath: string, target: string, exclusive: boolean): Promise<void> {
  if (!exclusive) {
    await fs.rename(temporaryPath, target);
    return;
  }
  try {
    // A hard link fails atomically when the target exists, which a rename cannot do.
    await fs.link(temporaryPath, target);
  } catch (error: unknown) {
    if (!isLinkUnsupported(error)) throw error;
    await failWhenPresent(target);
    await fs.rename(temporaryPath, target);
    return;
  }
  await fs.rm(temporaryPath, { force: true });
}

// Platform limit: FAT, exFAT and some network shares have no hard links.
function isLinkUnsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS';
}

async function failWhenPresent(target: string): Promise<void> {
  const present = await fs.lstat(target).then(
    () => true,
    () => false,
  );
  if (!present) return;
  throw Object.assign(new Error(`EEXIST: file already exists, '${target}'`), { code: 'EEXIST' });
}

async function syncFolder(folder: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(folder, 'r');
    await handle.sync();
  } catch {
    // Platform limit: Windows cannot open or sync a directory; the rename itself is still atomic.
  } finally {
    await handle?.close();
  }
}
