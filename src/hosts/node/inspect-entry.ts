import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import { isInside } from './real-path-guard';
import { toAbsolutePath } from './vault-paths';

/** What is on disk at a vault path, as the vault shows it. */
export type EntryState =
  | { kind: 'file'; stats: Stats }
  | { kind: 'folder' }
  | { kind: 'missing' }
  | { kind: 'other' };

/**
 * Looks at the disk entry of `vaultPath`: a regular file, a folder, nothing, or something the
 * vault does not show (sockets, symlinked folders, which can form cycles, and symlinks that
 * resolve outside the vault).
 */
export async function inspectEntry(realRoot: string, vaultPath: string): Promise<EntryState> {
  const absolutePath = toAbsolutePath(realRoot, vaultPath);
  const linkStats = await lstatOrNull(absolutePath);
  if (linkStats === null) return { kind: 'missing' };
  if (linkStats.isDirectory()) return { kind: 'folder' };
  if (linkStats.isFile()) return { kind: 'file', stats: linkStats };
  if (!linkStats.isSymbolicLink()) return { kind: 'other' };
  return inspectSymlink(realRoot, absolutePath);
}

async function inspectSymlink(realRoot: string, absolutePath: string): Promise<EntryState> {
  try {
    if (!isInside(realRoot, await fs.realpath(absolutePath))) return { kind: 'other' };
    const stats = await fs.stat(absolutePath);
    return stats.isFile() ? { kind: 'file', stats } : { kind: 'other' };
  } catch {
    return { kind: 'other' };
  }
}

async function lstatOrNull(absolutePath: string): Promise<Stats | null> {
  try {
    return await fs.lstat(absolutePath);
  } catch (error: unknown) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}
