import type { CachedMetadata } from '../metadata/types';
import type { LinkTotals } from './link-totals';

/**
 * The port the engine uses to reach a vault. The Obsidian host maps it onto `app.vault`,
 * `app.metadataCache` and `app.fileManager`; the Node host onto a folder on disk. Paths are
 * vault-relative POSIX paths already checked by `core/vault/paths`.
 */

/** Size and times of a file, as Obsidian's `FileStats`. */
export interface FileStat {
  ctime: number;
  mtime: number;
  size: number;
}

/** A file in the vault with its stat. */
export interface VaultFile {
  path: string;
  stat: FileStat;
}

/** A change in the vault, whoever made it. */
export type VaultEvent =
  | { type: 'create'; path: string }
  | { type: 'modify'; path: string }
  | { type: 'delete'; path: string }
  | { type: 'rename'; path: string; oldPath: string }
  | { type: 'metadata'; path: string };

/**
 * What a check guarding a delete or move is shown of the file: the text of a note, canvas or
 * base (as `read` gives it), the bytes of any other file (an attachment, see `isAttachmentPath`).
 * Either way `EtagFunction` gives the ETag a read reported.
 */
export type FileContent = string | Uint8Array;

/** Stops a subscription. */
export type Unsubscribe = () => void;

/**
 * Source path → destination path (or unresolved link text) → number of links, as Obsidian's
 * `metadataCache.resolvedLinks` / `unresolvedLinks`.
 */
export type LinkMap = Record<string, Record<string, number>>;

/**
 * How far a host that reads the vault itself (the headless host) got in opening it: at start it
 * lists the folders, then stats every file and reads the notes its metadata cache cannot vouch
 * for, then links them. Snake case: `vault_status` reports it as is.
 */
export interface VaultOpening {
  state: 'listing' | 'reading' | 'linking' | 'open' | 'failed';
  /** Files found so far. */
  files: number;
  /** Notes found so far (known once the listing is done). */
  notes: number;
  /** Notes read from disk and parsed. */
  notes_parsed: number;
  /** Notes whose metadata came from the metadata cache, unread (unchanged since it was saved). */
  notes_from_cache: number;
  /** Milliseconds since opening started, or how long it took once open. */
  duration_ms: number;
  /** Why opening failed (state `failed`). */
  error?: string;
}

/** Files, metadata, link resolution and change events of one vault. */
export interface VaultHost {
  /** The vault's display name (its folder name). */
  readonly name: string;
  /** Every file the vault shows (hidden folders excluded), with stat. */
  listFiles(): VaultFile[];
  /** Every folder (vault-relative, root excluded). */
  listFolders(): string[];
  /** The stat of a file, or null when there is none. */
  stat(path: string): FileStat | null;
  /** True when a file or folder exists at `path`. */
  exists(path: string): boolean;
  /** The file's text, read from disk. */
  read(path: string): Promise<string>;
  /** The file's bytes, read from disk (any file: attachments are read this way). */
  readBinary(path: string): Promise<Uint8Array>;
  /**
   * Atomically reads, transforms and saves a file. `transform` runs synchronously against the
   * current text; throwing from it aborts the write and leaves the file untouched. When it returns
   * the text unchanged, nothing is written and no event fires. Resolves with the resulting text.
   */
  process(path: string, transform: (data: string) => string): Promise<string>;
  /** Creates a new file (and missing parent folders); fails when one exists. */
  create(path: string, data: string): Promise<void>;
  /**
   * Atomically writes `data` as the whole file, creating it (and missing parent folders) or
   * replacing its bytes. `check` (when given) runs first against the current bytes (null when
   * there is no file) under the same lock as `process`, so an ETag or existence check cannot race
   * a concurrent write; throwing from it aborts and writes nothing.
   */
  writeBinary(path: string, data: Uint8Array, check?: (current: Uint8Array | null) => void): Promise<void>;
  /**
   * Moves a file or folder to the vault's `.trash/` folder, like Obsidian's default. For a file,
   * `check` (when given) runs against its current content (see `FileContent`) under the same
   * lock as `process`, so an ETag check cannot race a concurrent write; throwing from it aborts
   * and moves nothing.
   */
  trash(path: string, check?: (content: FileContent) => void): Promise<void>;
  /** Renames or moves a file or folder without touching links; `check` as for `trash`. */
  rename(from: string, to: string, check?: (content: FileContent) => void): Promise<void>;
  /**
   * Obsidian's `CachedMetadata` for a markdown file, or null. The headless host keeps the
   * compact form (`compactMetadata`: no sections, list items, footnotes or blocks); whoever
   * needs those has the note's text at hand and parses it (`parseMetadata`).
   */
  getMetadata(path: string): CachedMetadata | null;
  /**
   * The metadata the host parsed for exactly `text` when it was just written to `path` through
   * it, handed over once; else null. A write's answer then need not parse the note again. Hosts
   * whose cache follows writes later (Obsidian's metadataCache) leave it out.
   */
  metadataOf?(path: string, text: string): CachedMetadata | null;
  /** `getFirstLinkpathDest`: the file a linkpath (no subpath) resolves to from `sourcePath`. */
  resolveLink(linkpath: string, sourcePath: string): string | null;
  /** `metadataCache.resolvedLinks`. */
  resolvedLinks(): LinkMap;
  /** `metadataCache.unresolvedLinks`. */
  unresolvedLinks(): LinkMap;
  /** The sums of both link maps, for hosts that keep them as the maps change (others are summed on demand). */
  linkTotals?(): LinkTotals;
  /**
   * Compares the whole vault with its source of truth (the folder on disk; Obsidian's own cache
   * inside the app) and applies every difference, emitting the usual events. Used by
   * `vault_reindex` to catch changes no watcher reported.
   */
  rescan(): Promise<void>;
  /** Subscribes to changes; metadata events follow the file event they stem from. */
  on(listener: (event: VaultEvent) => void): Unsubscribe;
  /**
   * Resolves once the host holds the whole vault (files, metadata, links), rejects when opening
   * it failed. Until then listings are empty. Absent: the host is whole from the start.
   */
  whenOpen?(): Promise<void>;
  /** How opening the vault goes or went; absent or null for hosts given their metadata (Obsidian's own cache). */
  opening?(): VaultOpening | null;
  /**
   * The text of `<configDir>/<name>`, a file of the app's settings in the vault's configuration
   * folder (`daily-notes.json`, `plugins/periodic-notes/data.json`), or null when there is none.
   * `name` is a relative path checked by `assertConfigFileName`. Absent: the host knows no
   * configuration folder, and the app's defaults apply.
   */
  readConfigFile?(name: string): Promise<string | null>;
}
