import { normalizePath, TFile, TFolder, type App, type EventRef, type Events, type TAbstractFile } from 'obsidian';
import { isAttachmentPath } from '../../core/attachments/file-types';
import { IndxError } from '../../core/errors';
import type { CachedMetadata } from '../../core/metadata/types';
import { assertConfigFileName, MAX_CONFIG_FILE_BYTES } from '../../core/vault/config-file-name';
import { parentOf, toVaultPath } from '../../core/vault/paths';
import type { FileContent, FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost } from '../../core/vault/vault-host';
import { EventHub } from '../node/event-hub';
import { PathLocks } from '../node/path-locks';
import { decodeUtf8 } from '../node/utf8-text';
import { alreadyExists, notFound, notUtf8 } from '../node/vault-errors';
import { isMarkdownPath, isSameOrBelow } from '../node/vault-paths';
import { FileSnapshot } from './file-snapshot';
import { MetadataWaiter, type MetadataExpectation } from './metadata-waiter';

/** Options of {@link ObsidianVaultHost}. */
export interface ObsidianVaultHostOptions {
  /** How long a write waits for Obsidian's metadata cache before our own parse stands in (default 2 s). */
  metadataTimeoutMs?: number;
}

/** Why the host aborted a `vault.process` call from inside its callback. */
class ProcessAbort extends Error {
  constructor(
    readonly reason: 'unchanged' | 'replacement-character',
    readonly text: string,
  ) {
    super(reason);
  }
}

/**
 * The `VaultHost` inside Obsidian: files through `app.vault` (`process` for atomic edits,
 * `create`, `rename`), deletes through `app.fileManager.trashFile` (the user's "Deleted files"
 * setting: the system trash, the vault's `.trash` folder, or, when the user chose "Permanently
 * delete", gone for good; a `note_delete` then cannot be undone from a trash),
 * metadata and link maps from `app.metadataCache` (Obsidian's own parse), and change events
 * from the vault's and the cache's events, translated to one event per file. A write resolves
 * once the cache has indexed the written text (see {@link MetadataWaiter}).
 *
 * Same contracts as the Node host: paths go through the core's `toVaultPath`, writes to one
 * path are serialised in process, a `check` runs under the same lock as the write it guards,
 * and a note that is not UTF-8 is never read as text or rewritten (`not_utf8`): Obsidian
 * decodes such bytes to U+FFFD, so text holding U+FFFD is checked against the raw bytes.
 */
export class ObsidianVaultHost implements VaultHost {
  readonly name: string;
  private readonly snapshot: FileSnapshot;
  private readonly events = new EventHub<VaultEvent>();
  private readonly locks = new PathLocks();
  private readonly metadata: MetadataWaiter;
  private readonly subscriptions: (() => void)[] = [];

  constructor(
    private readonly app: App,
    options: ObsidianVaultHostOptions = {},
  ) {
    this.name = app.vault.getName();
    this.snapshot = new FileSnapshot(app.vault.getFiles().map(toVaultFile));
    this.metadata = new MetadataWaiter(options.metadataTimeoutMs ?? 2000, (path) => this.emit([{ type: 'metadata', path }]));
    this.subscribe(app.vault, app.vault.on('create', (entry) => this.onCreateOrModify(entry)));
    this.subscribe(app.vault, app.vault.on('modify', (entry) => this.onCreateOrModify(entry)));
    this.subscribe(app.vault, app.vault.on('delete', (entry) => this.onDelete(entry.path)));
    this.subscribe(app.vault, app.vault.on('rename', (entry, oldPath) => this.onRename(entry, oldPath)));
    this.subscribe(app.metadataCache, app.metadataCache.on('changed', (file, data) => this.onIndexed(file, data)));
  }

  /** Stops following the vault and ends pending waits; the app's objects are left as they were. */
  close(): void {
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    this.metadata.close();
  }

  listFiles(): VaultFile[] {
    return this.snapshot.list();
  }

  listFolders(): string[] {
    return this.app.vault.getAllFolders(false).map((folder) => folder.path);
  }

  stat(path: string): FileStat | null {
    return this.snapshot.stat(normalizePath(path));
  }

  exists(path: string): boolean {
    const key = normalizePath(path);
    // The vault root is no entry of the vault (as in the Node host); Obsidian would return it for "/".
    return key !== '/' && this.app.vault.getAbstractFileByPath(key) !== null;
  }

  async read(path: string): Promise<string> {
    return this.readText(this.requireFile(toVaultPath(path)));
  }

  async readBinary(path: string): Promise<Uint8Array> {
    return new Uint8Array(await this.app.vault.readBinary(this.requireFile(toVaultPath(path))));
  }

  process(path: string, transform: (data: string) => string): Promise<string> {
    return this.locked([path], async (key) => {
      const file = this.requireFile(key);
      return this.afterWrite(key, async () => {
        const outcome = await this.processFile(file, transform, false);
        return outcome.written ? { file, text: outcome.text } : { file: null, text: outcome.text };
      });
    });
  }

  create(path: string, data: string): Promise<void> {
    return this.locked([path], async (key) => {
      if (this.app.vault.getAbstractFileByPath(key) !== null) throw alreadyExists(key);
      await this.ensureFolder(parentOf(key), key);
      await this.afterWrite(key, async () => {
        const file = await this.app.vault.create(key, data).catch((error: unknown) => {
          throw /already exists/i.test(String(error)) ? alreadyExists(key) : error;
        });
        return { file, text: data };
      });
    });
  }

  /** `vault.createBinary` for a new file, `vault.modifyBinary` for an existing one. */
  writeBinary(path: string, data: Uint8Array, check?: (current: Uint8Array | null) => void): Promise<void> {
    return this.locked([path], async (key) => {
      const entry = this.app.vault.getAbstractFileByPath(key);
      if (entry !== null && !(entry instanceof TFile)) throw alreadyExists(key);
      if (check !== undefined) check(entry === null ? null : new Uint8Array(await this.app.vault.readBinary(entry)));
      if (entry === null) await this.ensureFolder(parentOf(key), key);
      await this.afterWrite(key, async () => {
        const file = entry ?? (await this.app.vault.createBinary(key, toArrayBuffer(data)).catch((error: unknown) => {
          throw /already exists/i.test(String(error)) ? alreadyExists(key) : error;
        }));
        if (entry !== null) await this.app.vault.modifyBinary(entry, toArrayBuffer(data));
        return { file, text: isMarkdownPath(key) ? (decodeUtf8(data) ?? '') : '' };
      });
    });
  }

  /** Deletes as the user's "Deleted files" setting says, which may be "Permanently delete" (no trash to restore from). */
  trash(path: string, check?: (content: FileContent) => void): Promise<void> {
    return this.locked([path], async (key) => {
      const entry = this.app.vault.getAbstractFileByPath(key);
      if (entry === null) {
        this.onDelete(key);
        throw notFound(key);
      }
      if (entry instanceof TFile && check !== undefined) check(await this.readContent(entry));
      await this.app.fileManager.trashFile(entry);
      if (this.app.vault.getAbstractFileByPath(key) === null) this.onDelete(key);
    });
  }

  rename(from: string, to: string, check?: (content: FileContent) => void): Promise<void> {
    return this.locked([from, to], async (fromKey, toKey) => {
      if (fromKey === toKey) return;
      if (isSameOrBelow(toKey, fromKey)) {
        throw new IndxError('invalid_path', `Cannot move "${fromKey}" into itself ("${toKey}"). Choose a destination outside it.`, { from: fromKey, to: toKey });
      }
      const source = this.app.vault.getAbstractFileByPath(fromKey);
      if (source === null) throw notFound(fromKey);
      if (source instanceof TFile && check !== undefined) check(await this.readContent(source));
      const target = this.app.vault.getAbstractFileByPath(toKey);
      if (target !== null && target !== source) throw alreadyExists(toKey);
      await this.ensureFolder(parentOf(toKey), toKey);
      await this.app.vault.rename(source, toKey);
      this.onRename(source, fromKey);
    });
  }

  getMetadata(path: string): CachedMetadata | null {
    const key = normalizePath(path);
    return this.metadata.standInFor(key) ?? this.app.metadataCache.getCache(key);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.app.metadataCache.getFirstLinkpathDest(linkpath, sourcePath)?.path ?? null;
  }

  resolvedLinks(): LinkMap {
    return this.app.metadataCache.resolvedLinks;
  }

  unresolvedLinks(): LinkMap {
    return this.app.metadataCache.unresolvedLinks;
  }

  rescan(): Promise<void> {
    const current = new Map(this.app.vault.getFiles().map((file) => [file.path, file]));
    for (const path of this.snapshot.paths()) if (!current.has(path)) this.onDelete(path);
    for (const file of current.values()) this.emit(this.snapshot.upsert(file.path, file.stat));
    return Promise.resolve();
  }

  on(listener: (event: VaultEvent) => void): Unsubscribe {
    return this.events.on(listener);
  }

  /** A file of the app's settings, read through the adapter: the configuration folder is no part of `app.vault`'s files. */
  async readConfigFile(name: string): Promise<string | null> {
    assertConfigFileName(name);
    const path = normalizePath(`${this.app.vault.configDir}/${name}`);
    // As the Node host: a folder of that name, or a file too big to be settings, is no settings file.
    const stat = await this.app.vault.adapter.stat(path);
    if (stat === null || stat.type !== 'file' || stat.size > MAX_CONFIG_FILE_BYTES) return null;
    return this.app.vault.adapter.read(path);
  }

  /**
   * Runs a write and reports it: the file event at once, then waits until Obsidian's cache has
   * indexed a written note. `write` returns a null file when it changed nothing.
   */
  private async afterWrite(key: string, write: () => Promise<{ file: TFile | null; text: string }>): Promise<string> {
    const expectation: MetadataExpectation | null = isMarkdownPath(key) ? this.metadata.expect(key) : null;
    try {
      const { file, text } = await write();
      if (file === null) {
        expectation?.cancel();
        return text;
      }
      this.emit(this.snapshot.upsert(file.path, file.stat));
      await expectation?.settle(text, () => this.app.vault.getFileByPath(key)?.stat ?? null);
      return text;
    } catch (error: unknown) {
      expectation?.cancel();
      throw error;
    }
  }

  /** `vault.process`, leaving the file alone when the transform changes nothing or the note is not UTF-8. */
  private async processFile(file: TFile, transform: (data: string) => string, trustReplacementCharacters: boolean): Promise<{ text: string; written: boolean }> {
    try {
      const text = await this.app.vault.process(file, (data) => {
        if (!trustReplacementCharacters && data.includes('\uFFFD')) throw new ProcessAbort('replacement-character', data);
        const next = transform(data);
        if (next === data) throw new ProcessAbort('unchanged', data);
        return next;
      });
      return { text, written: true };
    } catch (error: unknown) {
      if (!(error instanceof ProcessAbort)) throw error;
      if (error.reason === 'unchanged') return { text: error.text, written: false };
      await this.assertUtf8(file);
      return this.processFile(file, transform, true);
    }
  }

  private async readText(file: TFile): Promise<string> {
    const text = await this.app.vault.read(file);
    if (text.includes('\uFFFD')) await this.assertUtf8(file);
    return text;
  }

  /** What a check of a delete or move is shown: text for a note, canvas or base, bytes for an attachment. */
  private async readContent(file: TFile): Promise<FileContent> {
    return isAttachmentPath(file.path) ? new Uint8Array(await this.app.vault.readBinary(file)) : this.readText(file);
  }

  // Obsidian decodes bytes that are not UTF-8 to U+FFFD; writing that text back would change them.
  private async assertUtf8(file: TFile): Promise<void> {
    if (decodeUtf8(new Uint8Array(await this.app.vault.readBinary(file))) === null) throw notUtf8(file.path);
  }

  private requireFile(key: string): TFile {
    const file = this.app.vault.getFileByPath(key);
    if (file === null) throw notFound(key);
    return file;
  }

  /** Creates `folder` and the folders above it that are missing; `already_exists` when a file stands in the way. */
  private async ensureFolder(folder: string, key: string): Promise<void> {
    if (folder === '') return;
    const entry = this.app.vault.getAbstractFileByPath(folder);
    if (entry instanceof TFolder) return;
    if (entry !== null) throw new IndxError('already_exists', `A file stands where a folder of "${key}" should be. Choose another path.`, { path: key });
    await this.ensureFolder(parentOf(folder), key);
    await this.app.vault.createFolder(folder).catch((error: unknown) => {
      if (!(this.app.vault.getAbstractFileByPath(folder) instanceof TFolder)) throw error;
    });
  }

  private onCreateOrModify(entry: TAbstractFile): void {
    for (const file of filesAt(entry)) this.emit(this.snapshot.upsert(file.path, file.stat));
  }

  private onDelete(path: string): void {
    const removed = this.snapshot.removeBelow(path);
    for (const event of removed) this.metadata.forget(event.path);
    this.emit(removed);
  }

  private onRename(entry: TAbstractFile, oldPath: string): void {
    const moved = this.snapshot.move(oldPath, entry.path);
    for (const event of moved) if (event.type === 'rename') this.metadata.forget(event.oldPath);
    this.emit(moved);
    // A file moved in from outside the vault's sight (a hidden folder) is new to us.
    this.onCreateOrModify(entry);
  }

  private onIndexed(file: TFile, text: string): void {
    // The file event comes first, even when the cache reports before the vault did.
    this.emit(this.snapshot.upsert(file.path, file.stat));
    this.metadata.changed(file.path, text, file.stat);
    this.emit([{ type: 'metadata', path: file.path }]);
  }

  /** Checks and normalises `paths` with the core's rules, then runs `work` holding their locks. */
  private async locked<T>(paths: string[], work: (...keys: string[]) => Promise<T>): Promise<T> {
    const keys = paths.map((path) => toVaultPath(path));
    return this.locks.run(keys, () => work(...keys));
  }

  private subscribe(source: Events, reference: EventRef): void {
    this.subscriptions.push(() => source.offref(reference));
  }

  private emit(events: VaultEvent[]): void {
    this.events.emit(events);
  }
}

/** The bytes as the `ArrayBuffer` Obsidian's binary writes take (a copy when they are a view on a larger buffer). */
function toArrayBuffer(data: Uint8Array): ArrayBuffer {
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer) return data.buffer;
  return data.slice().buffer;
}

function toVaultFile(file: TFile): VaultFile {
  return { path: file.path, stat: { ctime: file.stat.ctime, mtime: file.stat.mtime, size: file.stat.size } };
}

/** The file itself, or every file below a folder. */
function filesAt(entry: TAbstractFile): TFile[] {
  if (entry instanceof TFile) return [entry];
  if (!(entry instanceof TFolder)) return [];
  return entry.children.flatMap(filesAt);
}
