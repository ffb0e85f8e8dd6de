import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import { inspectEntry } from './inspect-entry';
import { joinVaultPath, toAbsolutePath } from './vault-paths';
import type { VaultState } from './vault-state';

/** A file or folder found on disk. */
export interface Sighting {
  readonly diskPath: string;
  readonly kind: 'file' | 'folder';
  readonly stats: Stats;
}

/**
 * Which of `diskPaths` hold a file or folder the vault shows (no symbolic link on the way),
 * sorted by disk path. Two or more mean names that collapse to one vault path.
 */
export async function findOnDisk(realRoot: string, diskPaths: Iterable<string>): Promise<Sighting[]> {
  const sightings: Sighting[] = [];
  for (const diskPath of new Set(diskPaths)) {
    const entry = await inspectEntry(realRoot, diskPath);
    if (entry.kind === 'file' || entry.kind === 'folder') sightings.push({ diskPath, kind: entry.kind, stats: entry.stats });
  }
  return sightings.sort((first, second) => (first.diskPath < second.diskPath ? -1 : 1));
}

/**
 * Disk paths of the children of `folder` (found at `diskFolders`) that the state lacks, and of
 * the children the state has that are gone from disk: what a folder moved or copied in brings.
 */
export async function childrenOutOfStep(
  realRoot: string,
  state: VaultState,
  folder: string,
  diskFolders: readonly string[],
): Promise<string[]> {
  const onDisk: string[] = [];
  for (const diskFolder of diskFolders) {
    const names = await fs.readdir(toAbsolutePath(realRoot, diskFolder)).catch(() => [] as string[]);
    onDisk.push(...names.filter((name) => !name.startsWith('.')).map((name) => joinVaultPath(diskFolder, name)));
  }
  const known = state.childrenOf(folder).flatMap((child) => state.diskPathsOf(child));
  const [knownSet, onDiskSet] = [new Set(known), new Set(onDisk)];
  return [...onDisk.filter((child) => !knownSet.has(child)), ...known.filter((child) => !onDiskSet.has(child))];
}
