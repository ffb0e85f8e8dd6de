import type { Stats } from 'node:fs';
import type { FileStat, VaultFile } from '../../core/vault/vault-host';

/** What the host knows about one file: its public stat and the signature it last saw on disk. */
export interface FileRecord {
  readonly file: VaultFile;
  /** Modification time (sub-millisecond) and size; a different value means someone else wrote. */
  readonly signature: string;
}

/** The record of the file at `path` with the given file-system stats. */
export function toFileRecord(path: string, stats: Stats): FileRecord {
  return { file: { path, stat: toFileStat(stats) }, signature: toSignature(stats) };
}

/** The change-detection signature of a file's stats. */
export function toSignature(stats: Stats): string {
  return `${stats.mtimeMs}:${stats.size}`;
}

// Obsidian reports the creation (birth) time as `ctime`, in whole milliseconds; file systems
// without birth times report 0, where the inode change time is the closest substitute.
function toFileStat(stats: Stats): FileStat {
  const created = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
  return { ctime: Math.round(created), mtime: Math.round(stats.mtimeMs), size: stats.size };
}
