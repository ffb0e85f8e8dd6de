import type { Dirent } from 'node:fs';
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { isTemporaryFileName, removeLeftover } from './atomic-write';
import * as path from 'node:path';
import type { CachedMetadata } from '../../core/metadata/types';
import { toFileRecord, type FileRecord } from './file-record';
import { TimeSlicer } from './time-slicer';
import { decodeUtf8 } from './utf8-text';
import { isMarkdownPath, joinVaultPath, normalizeDiskPath, toAbsolutePath } from './vault-paths';

/** An entry found by {@link scanVault}: its vault path (normalised) and its path on disk. */
export interface ScannedEntry {
  readonly path: string;
  readonly diskPath: string;
}

/** One file found by {@link scanVault}; its record carries the vault path. */
export interface ScannedFile {
  readonly record: FileRecord;
  readonly diskPath: string;
  /** Parsed metadata for notes, null for other files and for notes that are not UTF-8. */
  readonly metadata: CachedMetadata | null;
}

/** Everything {@link scanVault} found. */
export interface VaultScan {
  readonly folders: ScannedEntry[];
  readonly files: ScannedFile[];
}

/** How far a scan got: updated as it runs, for status reports. */
export interface ScanProgress {
  /** listing: walking the folders; reading: stat-ing files and reading notes; done: finished. */
  phase: 'listing' | 'reading' | 'done';
  /** Files found so far. */
  files: number;
  /** Notes found so far. */
  notes: number;
  /** Notes read from disk and parsed. */
  notesParsed: number;
  /** Notes whose metadata `reuse` gave (unchanged since it was saved), not read. */
  notesReused: number;
}

/** Options of {@link scanVault}. */
export interface ScanOptions {
  /** A note's metadata from its text (the host parses a long note in slices of the event loop). */
  parse: (content: string) => CachedMetadata | Promise<CachedMetadata>;
  /** Runs with each folder's disk path before it is listed (the watcher uses it so that no change after the listing goes unseen). */
  beforeListing?: (diskPath: string) => void;
  /** Metadata known for the note at a vault path when its file has this signature (see `toSignature`), or null to read and parse it. */
  reuse?: (path: string, signature: string) => CachedMetadata | null;
  /** Updated as the scan runs. */
  progress?: ScanProgress;
  /** Stops the scan (it rejects) when aborted: the host is closing. */
  signal?: AbortSignal;
}

/** A new progress record, before anything was found. */
export function startProgress(): ScanProgress {
  return { phase: 'listing', files: 0, notes: 0, notesParsed: 0, notesReused: 0 };
}

/**
 * Walks the vault below `realRoot` as Obsidian's Vault API sees it: names starting with a dot
 * (`.obsidian`, `.trash`, `.git`, temporary files) are skipped, and so are symbolic links, to
 * files or folders alike (the API never follows them). Each entry is keyed by its normalised
 * vault path (NFC, no-break spaces as spaces) and remembers its name on disk. Every file is
 * stat-ed; every note is read and parsed unless `reuse` knows its metadata for the file's
 * signature. Temporary files of atomic writes (`.<name>.<random>.indx-tmp`) older than 10
 * minutes are a crash's leftovers and are removed on the way.
 *
 * Platform limit: Node's asynchronous file API costs several times more per small file than
 * the synchronous one (38k notes: ~2.4 s against ~0.7 s measured), so each file is read
 * synchronously and the loop yields to the event loop every few milliseconds instead.
 */
export async function scanVault(realRoot: string, options: ScanOptions): Promise<VaultScan> {
  const progress = options.progress ?? startProgress();
  const slicer = new TimeSlicer();
  const folders: ScannedEntry[] = [];
  const fileEntries: ScannedEntry[] = [];
  const queue: ScannedEntry[] = [{ path: '', diskPath: '' }];
  for (let next = 0; next < queue.length; next++) {
    const folder = queue[next] as ScannedEntry;
    options.beforeListing?.(folder.diskPath);
    const listing = listFolder(realRoot, folder);
    queue.push(...listing.folders);
    folders.push(...listing.folders);
    fileEntries.push(...listing.files);
    progress.files = fileEntries.length;
    options.signal?.throwIfAborted();
    await slicer.yieldIfDue();
  }
  progress.notes = fileEntries.filter((entry) => isMarkdownPath(entry.path)).length;
  progress.phase = 'reading';
  const files: ScannedFile[] = [];
  for (const entry of fileEntries) {
    const scanned = scanFile(realRoot, entry, options, progress);
    if (scanned !== null) files.push('text' in scanned ? { record: scanned.record, diskPath: scanned.diskPath, metadata: await options.parse(scanned.text) } : scanned);
    options.signal?.throwIfAborted();
    await slicer.yieldIfDue();
  }
  progress.phase = 'done';
  return { folders, files };
}

function listFolder(realRoot: string, folder: ScannedEntry): { folders: ScannedEntry[]; files: ScannedEntry[] } {
  const listing = { folders: [] as ScannedEntry[], files: [] as ScannedEntry[] };
  for (const entry of readdirSync(toAbsolutePath(realRoot, folder.diskPath), { withFileTypes: true })) {
    if (entry.isFile() && isTemporaryFileName(entry.name)) removeLeftover(toAbsolutePath(realRoot, joinVaultPath(folder.diskPath, entry.name)));
    if (entry.name.startsWith('.')) continue;
    const child = childEntry(folder, entry);
    // A Dirent of a symbolic link is neither a file nor a directory: links are skipped here.
    if (entry.isDirectory()) listing.folders.push(child);
    if (entry.isFile()) listing.files.push(child);
  }
  return listing;
}

function childEntry(folder: ScannedEntry, entry: Dirent): ScannedEntry {
  return {
    path: joinVaultPath(folder.path, normalizeDiskPath(entry.name)),
    diskPath: joinVaultPath(folder.diskPath, entry.name),
  };
}

/** A file scanned, or a note read whose text is still to be parsed. */
type ScanResult = ScannedFile | (Omit<ScannedFile, 'metadata'> & { text: string });

function scanFile(realRoot: string, entry: ScannedEntry, options: ScanOptions, progress: ScanProgress): ScanResult | null {
  const absolutePath = toAbsolutePath(realRoot, entry.diskPath);
  try {
    // Stat before reading: if the file changes in between, the older stat makes the watcher re-read it.
    const stats = lstatSync(absolutePath);
    if (!stats.isFile()) return null;
    const record = toFileRecord(entry.path, stats);
    if (!isMarkdownPath(entry.path)) return { record, diskPath: entry.diskPath, metadata: null };
    const reused = options.reuse?.(entry.path, record.signature) ?? null;
    if (reused !== null) {
      progress.notesReused += 1;
      return { record, diskPath: entry.diskPath, metadata: reused };
    }
    const text = decodeUtf8(readFileSync(absolutePath));
    progress.notesParsed += 1;
    return text === null ? { record, diskPath: entry.diskPath, metadata: null } : { record, diskPath: entry.diskPath, text };
  } catch (error: unknown) {
    // A file deleted or unreadable mid-scan must not stop the vault from opening.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    process.emitWarning(`indx: skipped ${path.join(realRoot, entry.diskPath)}: ${String(error)}`);
    return null;
  }
}
