import type { FileStat, VaultEvent, VaultFile } from '../../core/vault/vault-host';

/**
 * The files the Obsidian host has reported, with the stat it reported them at. Obsidian's own
 * events and the host's checks after its writes both go through it, so each change becomes
 * exactly one `VaultEvent` whichever arrives first, and a folder event (Obsidian sends one for
 * a moved or deleted folder) becomes one event per file below it, as the port promises.
 */
export class FileSnapshot {
  private readonly files = new Map<string, VaultFile>();

  constructor(files: Iterable<VaultFile>) {
    for (const file of files) this.files.set(file.path, file);
  }

  /** Every file known. */
  list(): VaultFile[] {
    return [...this.files.values()];
  }

  /** The stat of a known file, or null. */
  stat(path: string): FileStat | null {
    return this.files.get(path)?.stat ?? null;
  }

  /** Every known path. */
  paths(): string[] {
    return [...this.files.keys()];
  }

  /** Records a file at `stat`: `create` when new, `modify` when its stat moved, nothing when unchanged. */
  upsert(path: string, stat: FileStat): VaultEvent[] {
    const known = this.files.get(path);
    if (known !== undefined && sameStat(known.stat, stat)) return [];
    this.files.set(path, { path, stat: { ctime: stat.ctime, mtime: stat.mtime, size: stat.size } });
    return [{ type: known === undefined ? 'create' : 'modify', path }];
  }

  /** Forgets the file at `path`, or every file below the folder at `path`: one `delete` each. */
  removeBelow(path: string): VaultEvent[] {
    return this.below(path).map((removed) => {
      this.files.delete(removed);
      return { type: 'delete', path: removed };
    });
  }

  /** Re-keys the file at `from`, or every file below the folder at `from`, to `to`: one `rename` each. */
  move(from: string, to: string): VaultEvent[] {
    return this.below(from).map((oldPath) => {
      const path = `${to}${oldPath.slice(from.length)}`;
      const file = this.files.get(oldPath) as VaultFile;
      this.files.delete(oldPath);
      this.files.set(path, { path, stat: file.stat });
      return { type: 'rename', path, oldPath };
    });
  }

  private below(path: string): string[] {
    if (this.files.has(path)) return [path];
    const prefix = `${path}/`;
    return [...this.files.keys()].filter((candidate) => candidate.startsWith(prefix));
  }
}

function sameStat(known: FileStat, stat: FileStat): boolean {
  return known.mtime === stat.mtime && known.size === stat.size && known.ctime === stat.ctime;
}
