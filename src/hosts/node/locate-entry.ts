import { promises as fs } from 'node:fs';
import { lstatOrNull, toEntryState, type EntryState } from './inspect-entry';
import { nameConflict, symlinkForbidden } from './vault-errors';
import { joinVaultPath, nameOf, normalizeDiskPath, toAbsolutePath } from './vault-paths';

/** Where a vault path is on disk. */
export interface Location {
  /** The vault path (normalised, as the host keys it). */
  readonly path: string;
  /**
   * The path on disk relative to the vault folder: the disk's own spelling of every name that
   * exists, the vault path's names below the first one that does not (where new entries go).
   */
  readonly diskPath: string;
  readonly absolutePath: string;
  /** What is there; never a symbolic link, which is refused. */
  readonly entry: EntryState;
}

/** The disk paths the host already knows for a vault path: several for a name conflict. */
export type KnownDiskPaths = (vaultPath: string) => readonly string[];

/** One segment found on disk. */
interface Step {
  readonly diskPath: string;
  readonly entry: EntryState;
}

const MISSING: EntryState = { kind: 'missing' };

/**
 * Finds what a vault path names on disk, one segment at a time: the name the host knows for the
 * segment, else any name in the folder that normalises to it (an NFD name as macOS writes it, a
 * no-break space). Throws `conflict` when two names on disk collapse to one segment, instead of
 * picking one, and `path_forbidden` when a segment is a symbolic link: links are never followed,
 * so none can lead into `.obsidian`, `.git`, `.indx` or out of the vault.
 *
 * Platform limit: the check and the file operation after it are separate system calls, so a
 * program that swaps a folder for a link in between is not caught; agents cannot make links.
 */
export async function locateEntry(realRoot: string, vaultPath: string, known: KnownDiskPaths): Promise<Location> {
  const segments = vaultPath.split('/');
  let step: Step = { diskPath: '', entry: MISSING };
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index] as string;
    if (index > 0 && step.entry.kind !== 'folder') {
      step = { diskPath: joinVaultPath(step.diskPath, segment), entry: MISSING };
      continue;
    }
    const knownPaths = known(segments.slice(0, index + 1).join('/'));
    step = await findSegment(realRoot, step.diskPath, segment, knownPaths, vaultPath);
    if (step.entry.kind === 'link') throw symlinkForbidden(vaultPath, step.diskPath);
  }
  return { path: vaultPath, diskPath: step.diskPath, absolutePath: toAbsolutePath(realRoot, step.diskPath), entry: step.entry };
}

async function findSegment(
  realRoot: string,
  folder: string,
  segment: string,
  knownPaths: readonly string[],
  vaultPath: string,
): Promise<Step> {
  if (knownPaths.length > 1) throw nameConflict(vaultPath, knownPaths);
  const expected = await look(realRoot, joinVaultPath(folder, knownPaths[0] === undefined ? segment : nameOf(knownPaths[0])));
  if (expected.entry.kind !== 'missing') return expected;
  // Unknown to the host (written by another program while no watcher ran): ask the folder.
  const names = await equivalentNames(toAbsolutePath(realRoot, folder), segment);
  if (names.length > 1) throw nameConflict(vaultPath, names.map((name) => joinVaultPath(folder, name)));
  if (names[0] === undefined) return { diskPath: joinVaultPath(folder, segment), entry: MISSING };
  return look(realRoot, joinVaultPath(folder, names[0]));
}

async function look(realRoot: string, diskPath: string): Promise<Step> {
  return { diskPath, entry: toEntryState(await lstatOrNull(toAbsolutePath(realRoot, diskPath)), diskPath) };
}

async function equivalentNames(absoluteFolder: string, segment: string): Promise<string[]> {
  const names = await fs.readdir(absoluteFolder).catch(() => [] as string[]);
  return names.filter((name) => normalizeDiskPath(name) === segment).sort();
}
