import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import { parseMetadata, parseMetadataSliced } from '../../core/metadata/parse-metadata';
import type { CachedMetadata } from '../../core/metadata/types';
import type { LinkTotals } from '../../core/vault/link-totals';
import { toVaultPath } from '../../core/vault/paths';
import type { FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost } from '../../core/vault/vault-host';
import { writeFileAtomic } from './atomic-write';
import { EventHub } from './event-hub';
import { toFileRecord, toSignature } from './file-record';
import { childrenOutOfStep, findOnDisk } from './disk-comparison';
import { inspectEntry } from './inspect-entry';
import { locateEntry, type Location } from './locate-entry';
import { PathLocks } from './path-locks';
import { readSmallFile, SMALL_FILE_BYTES } from './read-small-file';
import { scanVault } from './scan-vault';
import { TimeSlicer } from './time-slicer';
import { prepareTrashPath } from './trash-path';
import { VaultWatcher } from './vault-watcher';
import { isMarkdownPath, isSameOrBelow, normalizeDiskPath, toAbsolutePath } from './vault-paths';
import { decodeOrThrow, isErrorCode, makeParentFolders, readText, readTextOrNull, toRealVaultFolder } from './vault-disk';
import { alreadyExists, notFound, notRegularFile } from './vault-errors';
import { VaultState } from './vault-state';

/** Notes at least this long (UTF-16 units) are parsed in slices, so one write cannot hold the event loop. */
const SLICED_PARSE_CHARS = 64 * 1024;

/** Options of {@link NodeVaultHost.open}. */
export interface NodeVaultHostOptions {
  /** Watch the folder and report changes made outside the host (default false). */
  watch?: boolean;
  /** Milliseconds since the epoch; injected so tests can time the open deterministically. */
  clock?: () => number;
}

/** What opening the vault found and how long it took. */
export interface OpenStatistics {
  files: number;
  notes: number;
  folders: number;
  durationMs: number;
}

/**
 * The headless `VaultHost`: a vault folder on disk with our own Obsidian-compatible metadata.
 * Writes to one path are serialised in process and land atomically; metadata and link maps are
 * updated before a write resolves; with `watch`, changes made by other programs are picked up.
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
  /** Statistics of the initial scan. */
  readonly openStatistics: OpenStatistics;
  private readonly locks = new PathLocks();
  private readonly events = new EventHub<VaultEvent>();
  private readonly pending = new Set<Promise<void>>();
  private watcher: VaultWatcher | null = null;
  /** The last note written through this host and its metadata, until `metadataOf` takes it. */
  private lastWrite: { key: string; text: string; metadata: CachedMetadata } | null = null;

  private constructor(
    /** The vault folder's real path. */
    readonly root: string,
    private readonly state: VaultState,
    durationMs: number,
  ) {
    this.name = path.basename(root);
    const notes = state.links.noteCount;
    this.openStatistics = { files: state.files.size, notes, folders: state.folders.size, durationMs };
  }

  /** Scans the vault folder at `root` and, when asked, starts watching it. */
  static async open(root: string, options: NodeVaultHostOptions = {}): Promise<NodeVaultHost> {
    const clock = options.clock ?? Date.now;
    const started = clock();
    const realRoot = await toRealVaultFolder(root);
    const early: string[] = [];
    let onPathChanged = (diskPath: string): void => void early.push(diskPath);
    const watcher =
      options.watch === true ? new VaultWatcher(realRoot, (diskPath) => onPathChanged(diskPath), reportWatchError) : null;
    const scan = await scanVault(realRoot, parseMetadata, (folder) => watcher?.watchFolder(folder)).catch(
      async (error: unknown) => {
        await watcher?.close();
        throw error;
      },
    );
    const host = new NodeVaultHost(realRoot, new VaultState(scan), clock() - started);
    host.watcher = watcher;
    onPathChanged = (diskPath) => host.schedule(diskPath);
    for (const diskPath of early) host.schedule(diskPath);
    return host;
  }

  /** Stops watching and waits for changes already seen to be applied. */
  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = null;
    await this.settled();
  }

  /** Resolves once every change the watcher reported so far has been applied. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
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

  trash(vaultPath: string, check?: (text: string) => void): Promise<void> {
    return this.locked([vaultPath], async (key) => {
      const location = await this.locate(key);
      const { entry } = location;
      if (entry.kind !== 'file' && entry.kind !== 'folder') {
        this.emit(this.state.remove(key));
        throw notFound(key);
      }
      if (entry.kind === 'file' && check !== undefined) check(await this.readCurrent(location));
      const trashPath = await prepareTrashPath(this.root, location.diskPath, entry.kind === 'folder', key);
      await fs.rename(location.absolutePath, trashPath);
      this.emit(this.state.remove(key));
    });
  }

  rename(from: string, to: string, check?: (text: string) => void): Promise<void> {
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
      if (source.entry.kind === 'file' && check !== undefined) check(await this.readCurrent(source));
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
    const scan = await scanVault(this.root, parseMetadata);
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
  private async readCurrent(location: Location): Promise<string> {
    return readLocated(location).catch(async (error: unknown) => {
      if (this.state.files.has(location.path)) {
        const entry = await inspectEntry(this.root, location.diskPath);
        if (entry.kind !== 'file' && entry.kind !== 'folder') this.emit(this.state.remove(location.path));
      }
      throw error;
    });
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
