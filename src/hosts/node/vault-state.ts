import type { CachedMetadata } from '../../core/metadata/types';
import type { VaultEvent } from '../../core/vault/vault-host';
import type { FileRecord } from './file-record';
import { LinkIndex } from './link-index';
import type { VaultScan } from './scan-vault';
import { ancestorFolders, isMarkdownPath, isSameOrBelow, rebase } from './vault-paths';

/**
 * The Node host's in-memory picture of the vault: files with their stats, folders, and the
 * link index. Every change returns the events it stands for, file events first and a `metadata`
 * event after each note whose metadata changed; events concern files only (a folder operation
 * yields one event per file below it).
 */
export class VaultState {
  readonly files = new Map<string, FileRecord>();
  readonly folders = new Set<string>();
  readonly links: LinkIndex;

  constructor(scan: VaultScan) {
    const metadata = new Map<string, CachedMetadata>();
    for (const folder of scan.folders) this.folders.add(folder);
    for (const { record, metadata: cache } of scan.files) {
      this.files.set(record.file.path, record);
      if (cache !== null) metadata.set(record.file.path, cache);
    }
    this.links = new LinkIndex(this.files.keys(), metadata);
  }

  /** True when a file or folder is known at `path`. */
  has(path: string): boolean {
    return this.files.has(path) || this.folders.has(path);
  }

  /** The files and folders directly inside `folder`. */
  childrenOf(folder: string): string[] {
    const prefix = `${folder}/`;
    const isChild = (candidate: string) => candidate.startsWith(prefix) && !candidate.includes('/', prefix.length);
    return [...this.files.keys(), ...this.folders].filter(isChild);
  }

  /** Records a created or changed file and its metadata (null for files that are not notes). */
  upsertFile(record: FileRecord, metadata: CachedMetadata | null): VaultEvent[] {
    const path = record.file.path;
    const events = this.folders.has(path) ? this.remove(path) : [];
    const existed = this.files.has(path);
    this.addFolder(path, false);
    this.files.set(path, record);
    this.links.apply({ upserted: [[path, metadata]] });
    events.push({ type: existed ? 'modify' : 'create', path });
    if (isMarkdownPath(path)) events.push({ type: 'metadata', path });
    return events;
  }

  /** Records the metadata of a known note. */
  setMetadata(path: string, metadata: CachedMetadata): VaultEvent[] {
    this.links.apply({ upserted: [[path, metadata]] });
    return [{ type: 'metadata', path }];
  }

  /** Records a folder (and its missing ancestors); a file known at that path is removed. */
  addFolder(path: string, includeSelf = true): VaultEvent[] {
    const events = includeSelf && this.files.has(path) ? this.remove(path) : [];
    for (const folder of ancestorFolders(path)) this.folders.add(folder);
    if (includeSelf) this.folders.add(path);
    return events;
  }

  /** Forgets a file, or a folder and everything below it. */
  remove(path: string): VaultEvent[] {
    const removedFiles = this.pathsBelow(path);
    for (const file of removedFiles) this.files.delete(file);
    if (this.folders.has(path)) for (const folder of [...this.folders]) if (isSameOrBelow(folder, path)) this.folders.delete(folder);
    this.links.apply({ removed: removedFiles });
    return removedFiles.map((file) => ({ type: 'delete', path: file }));
  }

  /** Re-keys a file, or a folder and everything below it, from `from` to `to`. */
  move(from: string, to: string): VaultEvent[] {
    const oldPaths = this.pathsBelow(from);
    const movedFolders = this.folders.has(from) ? [...this.folders].filter((folder) => isSameOrBelow(folder, from)) : [];
    for (const folder of movedFolders) this.folders.delete(folder);
    for (const folder of movedFolders) this.folders.add(rebase(folder, from, to));
    this.addFolder(to, false);
    const upserted = oldPaths.map((oldPath) => this.rekey(oldPath, rebase(oldPath, from, to)));
    this.links.apply({ removed: oldPaths, upserted });
    return oldPaths.map((oldPath) => ({ type: 'rename', path: rebase(oldPath, from, to), oldPath }));
  }

  /** The file at `path`, or every file below the folder at `path`; a scan only for folders. */
  private pathsBelow(path: string): string[] {
    if (!this.folders.has(path)) return this.files.has(path) ? [path] : [];
    return [...this.files.keys()].filter((candidate) => isSameOrBelow(candidate, path));
  }

  private rekey(oldPath: string, path: string): [string, CachedMetadata | null] {
    const record = this.files.get(oldPath) as FileRecord;
    this.files.delete(oldPath);
    this.files.set(path, { file: { path, stat: record.file.stat }, signature: record.signature });
    return [path, isMarkdownPath(path) ? this.links.getMetadata(oldPath) : null];
  }
}
