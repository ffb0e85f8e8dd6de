import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import { ancestorFolders, toAbsolutePath } from './vault-paths';

/**
 * What is on disk at a path, as the vault shows it. Symbolic links are not part of the vault:
 * `link` names the first link on the way (the entry itself or a folder above it).
 */
export type EntryState =
  | { kind: 'file'; stats: Stats }
  | { kind: 'folder'; stats: Stats }
  | { kind: 'missing' }
  | { kind: 'link'; link: string }
  | { kind: 'other' };

/**
 * Looks at the entry at `diskPath` (a relative POSIX path below `realRoot`, as named on disk),
 * checking every folder on the way: a regular file, a folder, nothing, a symbolic link (at the
 * path or above it), or something else the vault does not show (sockets, devices).
 */
export async function inspectEntry(realRoot: string, diskPath: string): Promise<EntryState> {
  for (const folder of ancestorFolders(diskPath)) {
    const stats = await lstatOrNull(toAbsolutePath(realRoot, folder));
    if (stats === null) return { kind: 'missing' };
    if (stats.isSymbolicLink()) return { kind: 'link', link: folder };
  }
  return toEntryState(await lstatOrNull(toAbsolutePath(realRoot, diskPath)), diskPath);
}

/** The entry state of `lstat` results for `diskPath` (null: nothing there). */
export function toEntryState(stats: Stats | null, diskPath: string): EntryState {
  if (stats === null) return { kind: 'missing' };
  if (stats.isSymbolicLink()) return { kind: 'link', link: diskPath };
  if (stats.isDirectory()) return { kind: 'folder', stats };
  return stats.isFile() ? { kind: 'file', stats } : { kind: 'other' };
}

/** `lstat`, or null when nothing is there (or a file stands where a folder should be). */
export async function lstatOrNull(absolutePath: string): Promise<Stats | null> {
  try {
    return await fs.lstat(absolutePath);
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
