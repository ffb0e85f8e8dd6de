import type { CachedMetadata } from '../../core/metadata/types';
import type { VaultEvent } from '../../core/vault/vault-host';
import type { FileRecord } from './file-record';
import type { CachedNote } from './metadata-cache';
import { LinkIndex, type LinkIndexBuildOptions } from './link-index';
import type { VaultScan } from './scan-vault';
import { ancestorFolders, isMarkdownPath, isSameOrBelow, rebase } from './vault-paths';

/**
 * The Node host's in-memory picture of the vault: files with their stats, folders, the link
 * index, and where each entry lives on disk. Keys are normalised vault paths (NFC, no-break
 * spaces as spaces). Every change returns the events it stands for, file events first and a
 * `metadata` event after each note whose metadata changed; events concern files only (a folder
 * operation yields one event per file below it).
 *
 * Names on disk: an entry whose disk path differs from its vault path (an NFD name, a no-break
 * space) has that disk path recorded; a vault path that several disk names collapse to records
 * all of them, is listed once, has no metadata, and is refused by the host with `conflict`.
 */
export class VaultState {
  readonly files = new Map<string, FileRecord>();
  readonly folders = new Set<string>();
  /** The link index (metadata, resolver, link maps); empty until `fromScan` has built it. */
  private linkIndex = new LinkIndex([], new Map());
  /** Disk paths of the entries not named on disk exactly as in the vault (nearly none). */
  private readonly diskPaths = new Map<string, readonly string[]>();

  /** The state of an empty vault: a host's picture before its scan is done. */
  static empty(): VaultState {
    return new VaultState({ folders: [], files: [] });
  }

  /** The state of what a scan found; the link index is built in slices (see `LinkIndex.build`). */
  static async fromScan(scan: VaultScan, pause: () => Promise<void>, links: LinkIndexBuildOptions = {}): Promise<VaultState> {
    const state = new VaultState(scan);
    const metadata = new Map<string, CachedMetadata>();
    for (const file of scan.files) {
      if (file.metadata !== null && !state.isConflicted(file.record.file.path)) metadata.set(file.record.file.path, file.metadata);
    }
    state.linkIndex = await LinkIndex.build(state.files.keys(), metadata, pause, links);
    return state;
  }

  private constructor(scan: VaultScan) {
    const found = new Map<string, string[]>();
    const remember = (path: string, diskPath: string) => found.set(path, [...(found.get(path) ?? []), diskPath]);
    for (const folder of scan.folders) {
      this.folders.add(folder.path);
      remember(folder.path, folder.diskPath);
    }
    for (const { record, diskPath } of scan.files) {
      this.files.set(record.file.path, record);
      remember(record.file.path, diskPath);
    }
    for (const [path, diskPaths] of found) this.setDiskPaths(path, diskPaths);
  }

  /** The link index: every note's metadata, link resolution and the link maps. */
  get links(): LinkIndex {
    return this.linkIndex;
  }

  /** Every note with metadata, the signature of the file it was parsed from and its link counts: what the metadata cache saves. */
  *cachedNotes(): Generator<CachedNote> {
    for (const [path, record] of this.files) {
      const metadata = this.linkIndex.getMetadata(path);
      const counts = this.linkIndex.countsOf(path);
      if (metadata !== null && counts !== undefined) yield [path, record.signature, metadata, counts.resolved, counts.unresolved];
    }
  }

  /** True when a file or folder is known at `path`. */
  has(path: string): boolean {
    return this.files.has(path) || this.folders.has(path);
  }

  /** The disk paths of `path`: one for a known entry, several for a name conflict, none when unknown. */
  diskPathsOf(path: string): readonly string[] {
    return this.diskPaths.get(path) ?? (this.has(path) ? [path] : []);
  }

  /** The files and folders directly inside `folder`. */
  childrenOf(folder: string): string[] {
    const prefix = `${folder}/`;
    const isChild = (candidate: string) => candidate.startsWith(prefix) && !candidate.includes('/', prefix.length);
    return [...this.files.keys(), ...this.folders].filter(isChild);
  }

  /**
   * Records a created or changed file found at `diskPaths` (several: a name conflict, which gets
   * no metadata) and its metadata (null for files that are not notes).
   */
  upsertFile(record: FileRecord, metadata: CachedMetadata | null, diskPaths: readonly string[] = [record.file.path]): VaultEvent[] {
    const path = record.file.path;
    const events = this.folders.has(path) ? this.remove(path) : [];
    const existed = this.files.has(path);
    this.addAncestors(path, diskPaths[0] ?? path);
    this.files.set(path, record);
    this.setDiskPaths(path, diskPaths);
    this.links.apply({ upserted: [[path, diskPaths.length > 1 ? null : metadata]] });
    events.push({ type: existed ? 'modify' : 'create', path });
    if (isMarkdownPath(path)) events.push({ type: 'metadata', path });
    return events;
  }

  /** Records the metadata of a known note. */
  setMetadata(path: string, metadata: CachedMetadata): VaultEvent[] {
    this.links.apply({ upserted: [[path, metadata]] });
    return [{ type: 'metadata', path }];
  }

  /** Records a folder found at `diskPaths` (and its missing ancestors); a file known at that path is removed. */
  addFolder(path: string, diskPaths: readonly string[] = [path]): VaultEvent[] {
    const events = this.files.has(path) ? this.remove(path) : [];
    this.addAncestors(path, diskPaths[0] ?? path);
    this.folders.add(path);
    this.setDiskPaths(path, diskPaths);
    return events;
  }

  /** Forgets a file, or a folder and everything below it. */
  remove(path: string): VaultEvent[] {
    const removedFiles = this.pathsBelow(path);
    for (const file of removedFiles) this.forget(file);
    if (this.folders.has(path)) for (const folder of [...this.folders]) if (isSameOrBelow(folder, path)) this.forget(folder);
    this.links.apply({ removed: removedFiles });
    return removedFiles.map((file) => ({ type: 'delete', path: file }));
  }

  /** Re-keys a file, or a folder and everything below it, moved on disk from `fromDisk` to `toDisk`. */
  move(from: string, to: string, fromDisk: string, toDisk: string): VaultEvent[] {
    const oldPaths = this.pathsBelow(from);
    const movedFolders = this.folders.has(from) ? [...this.folders].filter((folder) => isSameOrBelow(folder, from)) : [];
    const movedDisk = (path: string) => this.diskPathsOf(path).map((diskPath) => rebase(diskPath, fromDisk, toDisk));
    const folderMoves = movedFolders.map((folder) => [rebase(folder, from, to), movedDisk(folder)] as const);
    for (const folder of movedFolders) this.forget(folder);
    for (const [folder, diskPaths] of folderMoves) this.addFolder(folder, diskPaths);
    this.addAncestors(to, toDisk);
    const upserted = oldPaths.map((oldPath) => this.rekey(oldPath, rebase(oldPath, from, to), movedDisk(oldPath)));
    this.links.apply({ removed: oldPaths, upserted });
    return oldPaths.map((oldPath) => ({ type: 'rename', path: rebase(oldPath, from, to), oldPath }));
  }

  private isConflicted(path: string): boolean {
    return this.diskPathsOf(path).length > 1;
  }

  private setDiskPaths(path: string, diskPaths: readonly string[]): void {
    if (diskPaths.length === 1 && diskPaths[0] === path) this.diskPaths.delete(path);
    else this.diskPaths.set(path, diskPaths);
  }

  /** Adds the folders above `path` not known yet, named on disk as the folders above `diskPath`. */
  private addAncestors(path: string, diskPath: string): void {
    const diskFolders = ancestorFolders(diskPath);
    ancestorFolders(path).forEach((folder, index) => {
      if (this.folders.has(folder)) return;
      this.folders.add(folder);
      this.setDiskPaths(folder, [diskFolders[index] ?? folder]);
    });
  }

  private forget(path: string): void {
    this.files.delete(path);
    this.folders.delete(path);
    this.diskPaths.delete(path);
  }

  /** The file at `path`, or every file below the folder at `path`; a scan only for folders. */
  private pathsBelow(path: string): string[] {
    if (!this.folders.has(path)) return this.files.has(path) ? [path] : [];
    return [...this.files.keys()].filter((candidate) => isSameOrBelow(candidate, path));
  }

  private rekey(oldPath: string, path: string, diskPaths: readonly string[]): [string, CachedMetadata | null] {
    const record = this.files.get(oldPath) as FileRecord;
    const metadata = isMarkdownPath(path) ? this.links.getMetadata(oldPath) : null;
    this.forget(oldPath);
    this.files.set(path, { file: { path, stat: record.file.stat }, signature: record.signature });
    this.setDiskPaths(path, diskPaths);
    return [path, metadata];
  }
}
