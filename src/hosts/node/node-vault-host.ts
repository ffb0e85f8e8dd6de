import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { IndxError } from '../../core/errors';
import { compactMetadata } from '../../core/metadata/compact-metadata';
import { parseMetadata, parseMetadataSliced } from '../../core/metadata/parse-metadata';
import type { CachedMetadata } from '../../core/metadata/types';
import type { LinkTotals } from '../../core/vault/link-totals';
import { isAttachmentPath } from '../../core/attachments/file-types';
import { toVaultPath } from '../../core/vault/paths';
import type { FileContent, FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost, VaultOpening } from '../../core/vault/vault-host';
import { writeFileAtomic } from './atomic-write';
import { EventHub } from './event-hub';
import { toFileRecord, toSignature } from './file-record';
import { childrenOutOfStep, findOnDisk } from './disk-comparison';
import { inspectEntry } from './inspect-entry';
import { locateEntry, type Location } from './locate-entry';
import { PathLocks } from './path-locks';
import { readConfigFile } from './read-config-file';
import { readSmallFile, SMALL_FILE_BYTES } from './read-small-file';
import { MetadataCache, pathSetFingerprint, type SavedNote } from './metadata-cache';
import { scanVault, startProgress } from './scan-vault';
import { TimeSlicer } from './time-slicer';
import { prepareTrashPath } from './trash-path';
import { VaultWatcher } from './vault-watcher';
import { DEFAULT_CONFIG_DIR, isMarkdownPath, isSameOrBelow, normalizeDiskPath, toAbsolutePath } from './vault-paths';
import { decodeUtf8 } from './utf8-text';
import { decodeOrThrow, isErrorCode, makeParentFolders, readBytes, readText, readTextOrNull, toRealVaultFolder } from './vault-disk';
import { alreadyExists, notFound, notRegularFile } from './vault-errors';
import { VaultState } from './vault-state';

/** Notes at least this long (UTF-16 units) are parsed in slices, so one note cannot hold the event loop. */
const SLICED_PARSE_CHARS = 64 * 1024;

/** Options of {@link NodeVaultHost.open} and {@link NodeVaultHost.start}. */
export interface NodeVaultHostOptions {
  /** Watch the folder and report changes made outside the host (default false). */
  watch?: boolean;
  /** Milliseconds since the epoch; injected so tests can time the open deterministically. */
  clock?: () => number;
  /**
   * The folder of the persisted metadata cache (see `MetadataCache`), normally `metadata` in the
   * vault's state folder. Without one, every note is read and parsed at every open.
   */
  metadataCacheDir?: string;
  /** Quiet time after the last change before the metadata cache is saved (default 2 s; at most 30 s while changes keep coming). */
  cacheSaveDelayMs?: number;
  /** The vault's configuration folder, whose settings `readConfigFile` reads (default `.obsidian`). */
  configDir?: string;
}

/** What opening the vault found and how long it took. */
export interface OpenStatistics {
  files: number;
  notes: number;
  folders: number;
  durationMs: number;
}

/** The longest a change waits to be saved in the metadata cache while changes keep coming. */
const MAX_CACHE_SAVE_DELAY_MS = 30_000;

/**
 * The headless `VaultHost`: a vault folder on disk with our own Obsidian-compatible metadata.
 * Writes to one path are serialised in process and land atomically; metadata and link maps are
 * updated before a write resolves; with `watch`, changes made by other programs are picked up.
 *
 * Opening: `start` returns at once and reads the vault in the background (`whenOpen`,
 * `opening`): listings are empty and writes wait until it is done. Every note's metadata is kept
 * in compact form and saved in the metadata cache, so the next open reads and parses only the
 * notes whose file changed.
 *
 * Paths: every path coming in is checked and normalised by the core's `toVaultPath` (NFC,
 * no-break spaces as spaces, hidden and protected folders refused), and every name on disk is
 * keyed by the same normalisation while the host remembers how the disk spells it; two disk
 * names with one key are refused with `conflict`. Symbolic links are no part of the vault: the
 * scan skips them and any path through one is refused with `path_forbidden`. Notes that are not
 * UTF-8 are listed but never read or rewritten (`not_utf8`).
 */
export class NodeVaultHost implements VaultHost {
  readonly name: string;
  private state = VaultState.empty();
  private readonly locks = new PathLocks();
  private readonly events = new EventHub<VaultEvent>();
  private readonly pending = new Set<Promise<void>>();
  private watcher: VaultWatcher | null = null;
  /** The last note written through this host and its metadata, until `metadataOf` takes it. */
  private lastWrite: { key: string; text: string; metadata: CachedMetadata } | null = null;
  private readonly progress = startProgress();
  private linking = false;
  private openedAt: number | null = null;
  private openError: string | null = null;
  private opened: Promise<void> = Promise.resolve();
  /** Set by `close`: a scan still running stops. */
  private readonly closing = new AbortController();
  private cache: MetadataCache | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  private firstUnsavedChange: number | null = null;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    /** The vault folder's real path. */
    readonly root: string,
    private readonly clock: () => number,
    private readonly startedAt: number,
    private readonly options: NodeVaultHostOptions,
  ) {
    this.name = path.basename(root);
  }

  /** Opens the vault folder at `root` and waits until it is read whole (see `start`). */
  static async open(root: string, options: NodeVaultHostOptions = {}): Promise<NodeVaultHost> {
    const host = await NodeVaultHost.start(root, options);
    try {
      await host.whenOpen();
    } catch (error: unknown) {
      await host.close();
      throw error;
    }
    return host;
  }

  /**
   * Checks the vault folder at `root` and starts reading it in the background (and, when asked,
   * watching it); resolves before that is done. Until `whenOpen` resolves the host lists nothing
   * and its writes wait.
   */
  static async start(root: string, options: NodeVaultHostOptions = {}): Promise<NodeVaultHost> {
    const clock = options.clock ?? Date.now;
    const started = clock();
    const host = new NodeVaultHost(await toRealVaultFolder(root), clock, started, options);
    host.opened = host.openInBackground();
    // A failure is reported by whenOpen and opening(), to whoever asks.
    host.opened.catch(() => undefined);
    return host;
  }

  private async openInBackground(): Promise<void> {
    const early: string[] = [];
    let onPathChanged = (diskPath: string): void => void early.push(diskPath);
    const watcher = this.options.watch === true ? new VaultWatcher(this.root, (diskPath) => onPathChanged(diskPath), reportWatchError) : null;
    this.watcher = watcher;
    const slicer = new TimeSlicer();
    const pause = () => slicer.yieldIfDue();
    try {
      const cache = await this.loadCache(pause);
      const savedCounts = new Map<string, Omit<SavedNote, 'metadata'>>();
      const reuse = (vaultPath: string, signature: string): CachedMetadata | null => {
        const saved = cache?.take(vaultPath, signature) ?? null;
        if (saved !== null) savedCounts.set(vaultPath, saved);
        return saved?.metadata ?? null;
      };
      const scan = await scanVault(this.root, {
        parse: async (text) => compactMetadata(await parseNote(text)),
        beforeListing: (folder) => watcher?.watchFolder(folder),
        ...(cache === null ? {} : { reuse }),
        progress: this.progress,
        signal: this.closing.signal,
      });
      this.linking = true;
      // Saved link counts hold while the vault has the same paths as when they were counted.
      const samePaths = cache?.savedFingerprint === pathSetFingerprint(scan.files.map((file) => file.record.file.path));
      const onCountsChanged = (source: string): void => {
        cache?.changed(source);
        this.cacheChanged();
      };
      this.state = await VaultState.fromScan(scan, pause, { savedCounts, trustSavedCounts: samePaths, onCountsChanged });
      cache?.finishScan();
      this.cache = cache;
      this.openedAt = this.clock();
    } catch (error: unknown) {
      this.openError = error instanceof Error ? error.message : String(error);
      await watcher?.close();
      this.watcher = null;
      throw error;
    } finally {
      this.linking = false;
    }
    onPathChanged = (diskPath) => this.schedule(diskPath);
    for (const diskPath of early) this.schedule(diskPath);
    // What the open parsed is saved at once, not after a quiet time: a process stopped soon after
    // (a client closing a stdio session) keeps it.
    if (this.cache?.hasChanges === true) void this.saveCache();
  }

  /** The metadata cache, or null without one (or when it cannot be read at all: every note is then parsed). */
  private async loadCache(pause: () => Promise<void>): Promise<MetadataCache | null> {
    const folder = this.options.metadataCacheDir;
    if (folder === undefined) return null;
    const cache = await MetadataCache.load(folder, pause);
    if (cache.problems.length > 0) process.emitWarning(`indx: parts of the metadata cache were unusable and are rebuilt (their notes are read again): ${cache.describeProblems()}`);
    return cache;
  }

  /** Resolves once the vault is read whole; rejects with the reason when that failed. */
  whenOpen(): Promise<void> {
    return this.opened;
  }

  /** A file of the app's settings in the configuration folder (see `VaultHost.readConfigFile`). */
  readConfigFile(name: string): Promise<string | null> {
    return readConfigFile(this.root, this.options.configDir ?? DEFAULT_CONFIG_DIR, name);
  }

  /** How opening the vault goes or went. */
  opening(): VaultOpening {
    const { files, notes, notesParsed, notesReused } = this.progress;
    const state = this.openError !== null ? 'failed' : this.openedAt !== null ? 'open' : this.linking ? 'linking' : this.progress.phase === 'listing' ? 'listing' : 'reading';
    const report: VaultOpening = { state, files, notes, notes_parsed: notesParsed, notes_from_cache: notesReused, duration_ms: (this.openedAt ?? this.clock()) - this.startedAt };
    return this.openError === null ? report : { ...report, error: this.openError };
  }

  /** Statistics of the initial scan (all zero until the vault is open). */
  get openStatistics(): OpenStatistics {
    const durationMs = this.openedAt === null ? 0 : this.openedAt - this.startedAt;
    return { files: this.state.files.size, notes: this.state.links.noteCount, folders: this.state.folders.size, durationMs };
  }

  /** Stops watching, waits for changes already seen to be applied and saves the metadata cache. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.opened.catch(() => undefined);
    await this.watcher?.close();
    this.watcher = null;
    await this.settled();
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.saveCache();
  }

  /** Resolves once every change the watcher reported so far has been applied. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Saves the metadata cache now (the changed shards), after any save in progress. */
  saveCache(): Promise<void> {
    const cache = this.cache;
    if (cache === null) return this.saving;
    this.firstUnsavedChange = null;
    const slicer = new TimeSlicer();
    this.saving = this.saving.then(() => cache.save(this.state.cachedNotes(), pathSetFingerprint(this.state.files.keys()), () => slicer.yieldIfDue())).catch((error: unknown) => {
      process.emitWarning(`indx: the metadata cache could not be saved (the next start reads more notes): ${String(error)}`);
    });
    return this.saving;
  }

  /** Schedules a save of the metadata cache after a quiet time, or at once when changes kept coming too long. */
  private cacheChanged(): void {
    if (this.cache === null || !this.cache.hasChanges) return;
    const now = this.clock();
    this.firstUnsavedChange ??= now;
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    const delay = now - this.firstUnsavedChange >= MAX_CACHE_SAVE_DELAY_MS ? 0 : (this.options.cacheSaveDelayMs ?? 2000);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.saveCache();
    }, delay);
    // A pending save never keeps the process alive: close() saves what is left.
    this.saveTimer.unref();
  }

  listFiles(): VaultFile[] {
    return [...this.state.files.values()].map((record) => record.file);
  }

  listFolders(): string[] {
    return [...this.state.folders];
  }

  stat(vaultPath: string): FileStat | null {
    return this.state.files.get(normalizeDiskPath(vaultPath))?.file.stat ?? null;
  }

  exists(vaultPath: string): boolean {
    return this.state.has(normalizeDiskPath(vaultPath));
  }

  async read(vaultPath: string): Promise<string> {
    const key = toVaultPath(vaultPath);
    const bytes = this.readKnownSmallFile(key);
    if (bytes !== null) return decodeOrThrow(bytes, key);
    return readLocated(await this.locate(key));
  }

  async readBinary(vaultPath: string): Promise<Uint8Array> {
    const key = toVaultPath(vaultPath);
    return this.readKnownSmallFile(key) ?? readLocatedBytes(await this.locate(key));
  }

  process(vaultPath: string, transform: (data: string) => string): Promise<string> {
    return this.locked([vaultPath], async (key) => {
      const location = await this.locate(key);
      const current = await this.readCurrent(location);
      const next = transform(current);
      if (next === current && this.state.files.has(key)) return next;
      const stats = await writeFileAtomic(location.absolutePath, next);
      this.emit(this.state.upsertFile(toFileRecord(key, stats), await this.parsedWrite(key, next), [location.diskPath]));
      return next;
    });
  }

  create(vaultPath: string, data: string): Promise<void> {
    return this.locked([vaultPath], async (key) => {
      const location = await this.locate(key);
      if (this.state.has(key) || location.entry.kind !== 'missing') throw alreadyExists(key);
      await makeParentFolders(location.absolutePath, key);
      const stats = await writeFileAtomic(location.absolutePath, data, { exclusive: true }).catch((error: unknown) => {
        throw isErrorCode(error, 'EEXIST') ? alreadyExists(key) : error;
      });
      this.emit(this.state.upsertFile(toFileRecord(key, stats), await this.parsedWrite(key, data), [location.diskPath]));
    });
  }

  writeBinary(vaultPath: string, data: Uint8Array, check?: (current: Uint8Array | null) => void): Promise<void> {
    return this.locked([vaultPath], async (key) => {
      const location = await this.locate(key);
      if (location.entry.kind === 'folder') throw alreadyExists(key);
      if (location.entry.kind === 'other') throw notRegularFile(key);
      const exists = location.entry.kind !== 'missing';
      if (check !== undefined) check(exists ? await this.readCurrentBytes(location) : null);
      if (!exists) await makeParentFolders(location.absolutePath, key);
      // A file that appeared since it was looked up is not replaced unseen: the write fails instead.
      const stats = await writeFileAtomic(location.absolutePath, data, { exclusive: !exists }).catch((error: unknown) => {
        throw isErrorCode(error, 'EEXIST') ? alreadyExists(key) : error;
      });
      const text = isMarkdownPath(key) ? decodeUtf8(data) : null;
      this.emit(this.state.upsertFile(toFileRecord(key, stats), text === null ? null : await this.parsedWrite(key, text), [location.diskPath]));
    });
  }

  metadataOf(vaultPath: string, text: string): CachedMetadata | null {
    const written = this.lastWrite;
    this.lastWrite = null;
    return written !== null && written.key === normalizeDiskPath(vaultPath) && written.text === text ? written.metadata : null;
  }

  /** Parses a note just written, keeping the result for the write's answer (`metadataOf`). */
  private async parsedWrite(key: string, text: string): Promise<CachedMetadata | null> {
    const metadata = await parseIfNote(key, text);
    this.lastWrite = metadata === null ? null : { key, text, metadata };
    return metadata;
  }

  trash(vaultPath: string, check?: (content: FileContent) => void): Promise<void> {
    return this.locked([vaultPath], async (key) => {
      const location = await this.locate(key);
      const { entry } = location;
      if (entry.kind !== 'file' && entry.kind !== 'folder') {
        this.emit(this.state.remove(key));
        throw notFound(key);
      }
      if (entry.kind === 'file' && check !== undefined) check(await this.readContent(location));
      const trashPath = await prepareTrashPath(this.root, location.diskPath, entry.kind === 'folder', key);
      await fs.rename(location.absolutePath, trashPath);
      this.emit(this.state.remove(key));
    });
  }

  rename(from: string, to: string, check?: (content: FileContent) => void): Promise<void> {
    return this.locked([from, to], async (fromKey, toKey) => {
      if (fromKey === toKey) return;
      if (isSameOrBelow(toKey, fromKey)) {
        const message = `Cannot move "${fromKey}" into itself ("${toKey}"). Choose a destination outside it.`;
        throw new IndxError('invalid_path', message, { from: fromKey, to: toKey });
      }
      const [source, target] = [await this.locate(fromKey), await this.locate(toKey)];
      // Without a watcher, a file made by another program is learnt about when it is first used.
      if (!this.state.has(fromKey)) await this.reconcile(fromKey, source.diskPath);
      if (!this.state.has(fromKey)) throw notFound(fromKey);
      if (source.entry.kind === 'file' && check !== undefined) check(await this.readContent(source));
      if (!(await this.isFreeFor(source, target))) throw alreadyExists(toKey);
      await this.move(source, target);
    });
  }

  getMetadata(vaultPath: string): CachedMetadata | null {
    return this.state.links.getMetadata(normalizeDiskPath(vaultPath));
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.state.links.resolve(linkpath, sourcePath);
  }

  resolvedLinks(): LinkMap {
    return this.state.links.resolvedLinks;
  }

  unresolvedLinks(): LinkMap {
    return this.state.links.unresolvedLinks;
  }

  linkTotals(): LinkTotals {
    return { ...this.state.links.totals };
  }

  on(listener: (event: VaultEvent) => void): Unsubscribe {
    return this.events.on(listener);
  }

  async rescan(): Promise<void> {
    await this.opened;
    // Only the listing is used (reconcile reads what changed): notes the host knows unchanged are not read again.
    const known = (vaultPath: string, signature: string) => (this.state.files.get(vaultPath)?.signature === signature ? this.state.links.getMetadata(vaultPath) : null);
    const scan = await scanVault(this.root, { parse: parseNote, reuse: known });
    const seen = new Set<string>();
    for (const entry of [...scan.folders, ...scan.files.map((file) => ({ path: file.record.file.path, diskPath: file.diskPath }))]) {
      seen.add(entry.path);
      this.schedule(entry.diskPath);
    }
    // Entries the host knows that the disk no longer has: reconcile removes them.
    for (const key of [...this.state.files.keys(), ...this.state.folders]) if (!seen.has(key)) this.schedule(key);
    await this.settled();
  }

  /** Brings the picture of the entry at `diskPath` in line with the disk, later, under its lock. */
  private schedule(diskPath: string): void {
    const key = normalizeDiskPath(diskPath);
    const work = this.locks.run([key], () => this.reconcile(key, diskPath)).catch(reportWatchError);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Brings `key` in line with the disk, looking at every disk path known for it and at `seen`. */
  private async reconcile(key: string, seen?: string): Promise<void> {
    const sightings = await findOnDisk(this.root, [...this.state.diskPathsOf(key), ...(seen === undefined ? [] : [seen])]);
    const first = sightings[0];
    if (first === undefined) return this.emit(this.state.remove(key));
    const diskPaths = sightings.map((sighting) => sighting.diskPath);
    if (first.kind === 'file') return this.reconcileFile(key, diskPaths, first.stats);
    this.emit(this.state.addFolder(key, diskPaths));
    // A folder moved or copied in brings files no event named: look at what it holds.
    for (const child of await childrenOutOfStep(this.root, this.state, key, diskPaths)) this.schedule(child);
  }

  private async reconcileFile(key: string, diskPaths: readonly string[], stats: Stats): Promise<void> {
    const known = this.state.diskPathsOf(key);
    const sameNames = known.length === diskPaths.length && known.every((diskPath) => diskPaths.includes(diskPath));
    if (sameNames && this.state.files.get(key)?.signature === toSignature(stats)) return;
    // Two names for one vault path: listed, but neither is read (the host refuses the path).
    const only = diskPaths.length === 1 ? diskPaths[0] : undefined;
    const text = only !== undefined && isMarkdownPath(key) ? await readTextOrNull(toAbsolutePath(this.root, only)) : null;
    this.emit(this.state.upsertFile(toFileRecord(key, stats), text === null ? null : await parseNote(text), diskPaths));
  }

  /** The text of the file at `location`; a file gone from disk is forgotten first (no watcher told us). */
  private readCurrent(location: Location): Promise<string> {
    return readLocated(location).catch((error: unknown) => this.forgetIfGone(location, error));
  }

  /** The bytes of the file at `location`, as `readCurrent` reads its text. */
  private readCurrentBytes(location: Location): Promise<Uint8Array> {
    return readLocatedBytes(location).catch((error: unknown) => this.forgetIfGone(location, error));
  }

  /** What a check of a delete or move is shown: text for a note, canvas or base, bytes for an attachment. */
  private readContent(location: Location): Promise<FileContent> {
    return isAttachmentPath(location.path) ? this.readCurrentBytes(location) : this.readCurrent(location);
  }

  /** Rethrows a read's `error`, first forgetting the file when it is gone from disk. */
  private async forgetIfGone(location: Location, error: unknown): Promise<never> {
    if (this.state.files.has(location.path)) {
      const entry = await inspectEntry(this.root, location.diskPath);
      if (entry.kind !== 'file' && entry.kind !== 'folder') this.emit(this.state.remove(location.path));
    }
    throw error;
  }

  private async move(source: Location, target: Location): Promise<void> {
    await makeParentFolders(target.absolutePath, target.path);
    await fs.rename(source.absolutePath, target.absolutePath).catch((error: unknown) => {
      if (!isErrorCode(error, 'ENOENT')) throw error;
      this.emit(this.state.remove(source.path));
      throw notFound(source.path);
    });
    this.emit(this.state.move(source.path, target.path, source.diskPath, target.diskPath));
    // A file that becomes a note (`notes.txt` → `notes.md`) is parsed, as Obsidian would.
    if (isMarkdownPath(target.path) && !isMarkdownPath(source.path) && this.state.files.has(target.path)) {
      const text = await readTextOrNull(target.absolutePath);
      if (text !== null) this.emit(this.state.setMetadata(target.path, await parseNote(text)));
    }
  }

  /** Checks and normalises `paths` with the core's rules, then runs `work` holding their locks. */
  private async locked<T>(paths: string[], work: (...keys: string[]) => Promise<T>): Promise<T> {
    const keys = paths.map((vaultPath) => toVaultPath(vaultPath));
    // Nothing is written before the vault is read whole: a write's events need the whole picture.
    await this.opened;
    return this.locks.run(keys, () => work(...keys));
  }

  /** A known file's bytes by the fast path (null: take the careful one). */
  private readKnownSmallFile(key: string): Uint8Array | null {
    const diskPaths = this.state.diskPathsOf(key);
    const record = this.state.files.get(key);
    if (record === undefined || diskPaths.length !== 1 || record.file.stat.size > SMALL_FILE_BYTES) return null;
    return readSmallFile(this.root, diskPaths[0] as string);
  }

  private locate(key: string): Promise<Location> {
    return locateEntry(this.root, key, (vaultPath) => this.state.diskPathsOf(vaultPath));
  }

  private async isFreeFor(source: Location, target: Location): Promise<boolean> {
    if (this.state.has(target.path)) return false;
    if (target.entry.kind === 'missing') return true;
    const [targetStats, sourceStats] = await Promise.all([fs.lstat(target.absolutePath), fs.lstat(source.absolutePath)]);
    // A case-only rename on a case-insensitive file system finds the source itself at the target.
    return targetStats.ino === sourceStats.ino && targetStats.dev === sourceStats.dev;
  }

  private emit(events: VaultEvent[]): void {
    if (this.cache !== null) {
      for (const event of events) {
        this.cache.changed(event.path);
        if (event.type === 'rename') this.cache.changed(event.oldPath);
      }
      this.cacheChanged();
    }
    this.events.emit(events);
  }
}

/** A note's metadata (null for other files). */
function parseIfNote(vaultPath: string, content: string): Promise<CachedMetadata | null> {
  return isMarkdownPath(vaultPath) ? parseNote(content) : Promise.resolve(null);
}

/** A note's metadata; a long note is parsed in slices of the event loop. */
async function parseNote(content: string): Promise<CachedMetadata> {
  if (content.length < SLICED_PARSE_CHARS) return parseMetadata(content);
  const slicer = new TimeSlicer();
  return parseMetadataSliced(content, () => slicer.yieldIfDue());
}

function reportWatchError(error: unknown): void {
  process.emitWarning(`indx: could not apply a change seen in the vault folder: ${String(error)}`);
}

/** The text of the file at `location`; refuses entries that are no regular file before opening them. */
function readLocated(location: Location): Promise<string> {
  if (location.entry.kind === 'other') return Promise.reject(notRegularFile(location.path));
  return readText(location.absolutePath, location.path);
}

/** The bytes of the file at `location`, refusing what `readLocated` refuses. */
function readLocatedBytes(location: Location): Promise<Uint8Array> {
  if (location.entry.kind === 'other') return Promise.reject(notRegularFile(location.path));
  return readBytes(location.absolutePath, location.path);
}
