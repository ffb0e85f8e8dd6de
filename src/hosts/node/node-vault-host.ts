import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import { parseMetadata } from '../../core/metadata/parse-metadata';
import type { CachedMetadata } from '../../core/metadata/types';
import type { FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost } from '../../core/vault/vault-host';
import { writeFileAtomic } from './atomic-write';
import { EventHub } from './event-hub';
import { toFileRecord, toSignature } from './file-record';
import { inspectEntry } from './inspect-entry';
import { PathLocks } from './path-locks';
import { resolveInsideVault } from './real-path-guard';
import { scanVault } from './scan-vault';
import { findTrashPath } from './trash-path';
import { VaultWatcher } from './vault-watcher';
import { isMarkdownPath, isSameOrBelow } from './vault-paths';
import { isErrorCode, makeParentFolders, readText, toRealVaultFolder } from './vault-disk';
import { alreadyExists, assertVisiblePath, notFound } from './vault-errors';
import { VaultState } from './vault-state';

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
 */
export class NodeVaultHost implements VaultHost {
  readonly name: string;
  /** Statistics of the initial scan. */
  readonly openStatistics: OpenStatistics;
  private readonly locks = new PathLocks();
  private readonly events = new EventHub<VaultEvent>();
  private readonly pending = new Set<Promise<void>>();
  private watcher: VaultWatcher | null = null;

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
    let onPathChanged = (vaultPath: string): void => void early.push(vaultPath);
    const watcher =
      options.watch === true ? new VaultWatcher(realRoot, (vaultPath) => onPathChanged(vaultPath), reportWatchError) : null;
    const scan = await scanVault(realRoot, parseMetadata, (folder) => watcher?.watchFolder(folder)).catch(
      async (error: unknown) => {
        await watcher?.close();
        throw error;
      },
    );
    const host = new NodeVaultHost(realRoot, new VaultState(scan), clock() - started);
    host.watcher = watcher;
    onPathChanged = (vaultPath) => host.schedule(vaultPath);
    for (const vaultPath of early) host.schedule(vaultPath);
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
    return this.state.files.get(vaultPath)?.file.stat ?? null;
  }

  exists(vaultPath: string): boolean {
    return this.state.has(vaultPath);
  }

  async read(vaultPath: string): Promise<string> {
    return readText(await this.resolve(vaultPath), vaultPath);
  }

  process(vaultPath: string, transform: (data: string) => string): Promise<string> {
    return this.locked([vaultPath], async () => {
      const absolutePath = await this.resolve(vaultPath);
      const current = await readText(absolutePath, vaultPath).catch(async (error: unknown) => {
        await this.forgetIfGone(vaultPath);
        throw error;
      });
      const next = transform(current);
      if (next === current && this.state.files.has(vaultPath)) return next;
      const stats = await writeFileAtomic(absolutePath, next);
      this.events.emit(this.state.upsertFile(toFileRecord(vaultPath, stats), parseIfNote(vaultPath, next)));
      return next;
    });
  }

  create(vaultPath: string, data: string): Promise<void> {
    return this.locked([vaultPath], async () => {
      const absolutePath = await this.resolve(vaultPath);
      if (this.state.has(vaultPath)) throw alreadyExists(vaultPath);
      await makeParentFolders(absolutePath, vaultPath);
      const stats = await writeFileAtomic(absolutePath, data, { exclusive: true }).catch((error: unknown) => {
        throw isErrorCode(error, 'EEXIST') ? alreadyExists(vaultPath) : error;
      });
      this.events.emit(this.state.upsertFile(toFileRecord(vaultPath, stats), parseIfNote(vaultPath, data)));
    });
  }

  trash(vaultPath: string): Promise<void> {
    return this.locked([vaultPath], async () => {
      const absolutePath = await this.resolve(vaultPath);
      const entry = await inspectEntry(this.root, vaultPath);
      if (entry.kind === 'missing' || entry.kind === 'other') {
        this.events.emit(this.state.remove(vaultPath));
        throw notFound(vaultPath);
      }
      const trashPath = await findTrashPath(this.root, vaultPath, entry.kind === 'folder');
      const trashAbsolutePath = await resolveInsideVault(this.root, trashPath);
      await fs.mkdir(path.dirname(trashAbsolutePath), { recursive: true });
      await fs.rename(absolutePath, trashAbsolutePath);
      this.events.emit(this.state.remove(vaultPath));
    });
  }

  rename(from: string, to: string): Promise<void> {
    if (from === to) return Promise.resolve();
    if (isSameOrBelow(to, from)) {
      const message = `Cannot move "${from}" into itself ("${to}"). Choose a destination outside it.`;
      return Promise.reject(new IndxError('invalid_path', message, { from, to }));
    }
    return this.locked([from, to], async () => {
      const [fromAbsolute, toAbsolute] = [await this.resolve(from), await this.resolve(to)];
      // Without a watcher, a file made by another program is learnt about when it is first used.
      if (!this.state.has(from)) await this.reconcile(from);
      if (!this.state.has(from)) throw notFound(from);
      if (!(await this.isFreeFor(to, fromAbsolute, toAbsolute))) throw alreadyExists(to);
      await makeParentFolders(toAbsolute, to);
      await fs.rename(fromAbsolute, toAbsolute).catch((error: unknown) => {
        if (!isErrorCode(error, 'ENOENT')) throw error;
        this.events.emit(this.state.remove(from));
        throw notFound(from);
      });
      this.events.emit(this.state.move(from, to));
      // A file that becomes a note (`notes.txt` → `notes.md`) is parsed, as Obsidian would.
      if (isMarkdownPath(to) && !isMarkdownPath(from) && this.state.files.has(to)) {
        const metadata = parseMetadata(await fs.readFile(toAbsolute, 'utf8'));
        this.events.emit(this.state.setMetadata(to, metadata));
      }
    });
  }

  getMetadata(vaultPath: string): CachedMetadata | null {
    return this.state.links.getMetadata(vaultPath);
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

  on(listener: (event: VaultEvent) => void): Unsubscribe {
    return this.events.on(listener);
  }

  /** Brings the picture of `vaultPath` in line with the disk, later, under its lock. */
  private schedule(vaultPath: string): void {
    const work = this.locks.run([vaultPath], () => this.reconcile(vaultPath)).catch(reportWatchError);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async reconcile(vaultPath: string): Promise<void> {
    const entry = await inspectEntry(this.root, vaultPath);
    if (entry.kind === 'folder') {
      this.events.emit(this.state.addFolder(vaultPath));
      // A folder moved or copied in brings files no event named: look at what it holds.
      for (const child of await this.childrenOutOfStep(vaultPath)) this.schedule(child);
      return;
    }
    if (entry.kind !== 'file') return this.events.emit(this.state.remove(vaultPath));
    if (this.state.files.get(vaultPath)?.signature === toSignature(entry.stats)) return;
    const absolutePath = await this.resolve(vaultPath);
    const metadata = isMarkdownPath(vaultPath) ? parseMetadata(await fs.readFile(absolutePath, 'utf8')) : null;
    this.events.emit(this.state.upsertFile(toFileRecord(vaultPath, entry.stats), metadata));
  }

  /** Children of `folder` on disk that the state lacks, and children in the state gone from disk. */
  private async childrenOutOfStep(folder: string): Promise<string[]> {
    const names = await fs.readdir(await this.resolve(folder)).catch(() => [] as string[]);
    const onDisk = names.filter((name) => !name.startsWith('.')).map((name) => `${folder}/${name}`);
    const known = this.state.childrenOf(folder);
    const present = new Set(onDisk);
    return [...onDisk.filter((child) => !this.state.has(child)), ...known.filter((child) => !present.has(child))];
  }

  /** Drops a file the state still lists after the disk says it is gone (no watcher told us). */
  private async forgetIfGone(vaultPath: string): Promise<void> {
    if (!this.state.files.has(vaultPath)) return;
    const entry = await inspectEntry(this.root, vaultPath);
    if (entry.kind === 'missing' || entry.kind === 'other') this.events.emit(this.state.remove(vaultPath));
  }

  private async locked<T>(paths: string[], work: () => Promise<T>): Promise<T> {
    for (const vaultPath of paths) assertVisiblePath(vaultPath);
    return this.locks.run(paths, work);
  }

  private resolve(vaultPath: string): Promise<string> {
    assertVisiblePath(vaultPath);
    return resolveInsideVault(this.root, vaultPath);
  }

  private async isFreeFor(to: string, fromAbsolute: string, toAbsolute: string): Promise<boolean> {
    if (this.state.has(to)) return false;
    const [target, source] = await Promise.all([fs.lstat(toAbsolute).catch(() => null), fs.lstat(fromAbsolute)]);
    // A case-only rename on a case-insensitive file system finds the source itself at the target.
    return target === null || (target.ino === source.ino && target.dev === source.dev);
  }
}

function parseIfNote(vaultPath: string, content: string): CachedMetadata | null {
  return isMarkdownPath(vaultPath) ? parseMetadata(content) : null;
}

function reportWatchError(error: unknown): void {
  process.emitWarning(`indx: could not apply a change seen in the vault folder: ${String(error)}`);
}
