import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { VaultEvent } from '../../../src/core/vault/vault-host';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { decodeUtf8 } from '../../../src/hosts/node/utf8-text';
import { Events } from './events';
import { normalizePath, TFile, TFolder, type TAbstractFile } from './files';

/**
 * Obsidian's `FileSystemAdapter` (desktop): the vault folder on disk, every file in it, the
 * configuration folder's included. obsidian.d.ts DataAdapter: "Work directly with files and
 * folders inside a vault."
 */
export class FileSystemAdapter {
  constructor(private readonly basePath: string) {}

  getName(): string {
    return path.basename(this.basePath);
  }

  getBasePath(): string {
    return this.basePath;
  }

  getFullPath(normalizedPath: string): string {
    return path.join(this.basePath, ...normalizedPath.split('/'));
  }

  /** obsidian.d.ts DataAdapter.exists: "Check if something exists at the given path." (a file or a folder). */
  async exists(normalizedPath: string): Promise<boolean> {
    return fs.stat(this.getFullPath(normalizedPath)).then(
      () => true,
      () => false,
    );
  }

  /**
   * The type, times and size of what is at the path, or null (d.ts `DataAdapter.stat` has no doc
   * text; `Stat` is "type: 'file' | 'folder'" with sizes "as bytes").
   */
  async stat(normalizedPath: string): Promise<{ type: 'file' | 'folder'; ctime: number; mtime: number; size: number } | null> {
    const stats = await fs.stat(this.getFullPath(normalizedPath)).catch(() => null);
    if (stats === null) return null;
    return { type: stats.isDirectory() ? 'folder' : 'file', ctime: stats.birthtimeMs, mtime: stats.mtimeMs, size: stats.size };
  }

  /** obsidian.d.ts DataAdapter.read: "path to file, use {@link normalizePath} to normalize beforehand." */
  read(normalizedPath: string): Promise<string> {
    return fs.readFile(this.getFullPath(normalizedPath), 'utf8');
  }

  async write(normalizedPath: string, data: string): Promise<void> {
    await fs.mkdir(path.dirname(this.getFullPath(normalizedPath)), { recursive: true });
    await fs.writeFile(this.getFullPath(normalizedPath), data);
  }

  async mkdir(normalizedPath: string): Promise<void> {
    await fs.mkdir(this.getFullPath(normalizedPath), { recursive: true });
  }
}

/**
 * Obsidian's `Vault` over a real folder, built on the Node host (which scans, writes atomically
 * and keeps metadata with our Obsidian-compatible parser). Each member says what it follows; the
 * whole list, with the assumptions where the docs are silent, is in FIDELITY.md. Events:
 * obsidian.d.ts Vault.on('create'): "Called when a file is created.";
 * obsidian.d.ts Vault.on('modify'): "Called when a file is modified."; obsidian.d.ts
 * Vault.on('delete'): "Called when a file is deleted."; obsidian.d.ts Vault.on('rename'): "Called
 * when a file is renamed." ASSUMED (docs silent): they fire synchronously, before the call that
 * caused them resolves; a folder rename fires `rename` for the folder, then for everything below
 * it, parents first, every object re-keyed in place before the first; a folder delete fires
 * `delete` for each entry, children before their folder; the vault shows no hidden files or
 * folders. Metadata follows through the `MetadataCache`, later (see there).
 * Not emulated: the file-system watcher (changes made outside the fake are seen after
 * `noticeDiskChanges`), the system trash (`trash` moves to `.trash/` in both modes; `delete`
 * removes for good).
 */
export class Vault extends Events {
  readonly adapter: FileSystemAdapter;
  private readonly entries = new Map<string, TAbstractFile>();
  private readonly root: TFolder;
  /** Paths whose host events the running operation applies itself (renames, deletes), with a count each. */
  private readonly quietPaths = new Map<string, number>();
  private metadataListener: (path: string) => void = () => undefined;
  /** What the folder held when the fake opened it, announced once by {@link finishLoading}. */
  private loadedAtOpen: TAbstractFile[] | null;

  constructor(
    private readonly host: NodeVaultHost,
    /** obsidian.d.ts Vault.configDir: "This value is typically `.obsidian` but it could be different." */
    readonly configDir: string,
  ) {
    super();
    this.adapter = new FileSystemAdapter(host.root);
    this.root = new TFolder(this, '/');
    this.root.name = '';
    for (const folder of [...host.listFolders()].sort((a, b) => a.split('/').length - b.split('/').length)) this.addFolder(folder);
    for (const file of host.listFiles()) this.addFile(file.path);
    this.loadedAtOpen = [...this.entries.values()];
    host.on((event) => this.onHostEvent(event));
  }

  /**
   * The end of the app's first load of the vault, which the fake plays just before the layout
   * becomes ready: obsidian.d.ts Vault.on('create'): "This is also called when the vault is first
   * loaded for each existing file", and "If you do not wish to receive create events on vault
   * load, register your event handler inside {@link Workspace.onLayoutReady}." So a handler a
   * plugin registers in `onload` hears a `create` for every folder and file that was there at
   * open (parents first), and one registered once the layout is ready hears none. Runs once.
   */
  finishLoading(): void {
    const loaded = this.loadedAtOpen ?? [];
    this.loadedAtOpen = null;
    for (const entry of loaded) if (this.entries.get(entry.path) === entry) this.trigger('create', entry);
  }

  /**
   * Test helper: the app's file watcher notices what other programs changed in the folder
   * (the fake has no watcher of its own): the usual events follow.
   */
  async noticeDiskChanges(): Promise<void> {
    await this.host.rescan();
  }

  /** Test and cache wiring: called with each note path whose metadata the host re-parsed. */
  onMetadata(listener: (path: string) => void): void {
    this.metadataListener = listener;
  }

  getName(): string {
    return this.host.name;
  }

  getRoot(): TFolder {
    return this.root;
  }

  /**
   * obsidian.d.ts Vault.getAbstractFileByPath: "vault absolute path to the folder or file, with
   * extension, case sensitive." ASSUMED (docs silent): the path is used as given, not normalised
   * (callers normalise), and "/" is the root.
   */
  getAbstractFileByPath(filePath: string): TAbstractFile | null {
    return filePath === '/' ? this.root : (this.entries.get(filePath) ?? null);
  }

  /** obsidian.d.ts Vault.getFileByPath: "Returns `null` if the file does not exist." (a folder is no file). */
  getFileByPath(filePath: string): TFile | null {
    const entry = this.getAbstractFileByPath(filePath);
    return entry instanceof TFile ? entry : null;
  }

  /** obsidian.d.ts Vault.getFolderByPath: "Returns `null` if the folder does not exist." */
  getFolderByPath(folderPath: string): TFolder | null {
    const entry = this.getAbstractFileByPath(folderPath);
    return entry instanceof TFolder ? entry : null;
  }

  getFiles(): TFile[] {
    return [...this.entries.values()].filter((entry): entry is TFile => entry instanceof TFile);
  }

  getMarkdownFiles(): TFile[] {
    return this.getFiles().filter((file) => file.extension === 'md');
  }

  /** obsidian.d.ts Vault.getAllLoadedFiles: "Get all files and folders in the vault." The root included. */
  getAllLoadedFiles(): TAbstractFile[] {
    return [this.root, ...this.entries.values()];
  }

  /** obsidian.d.ts Vault.getAllFolders: "Should the root folder (`/`) be returned" */
  getAllFolders(includeRoot = false): TFolder[] {
    const folders = [...this.entries.values()].filter((entry): entry is TFolder => entry instanceof TFolder);
    return includeRoot ? [this.root, ...folders] : folders;
  }

  /**
   * obsidian.d.ts Vault.read: "Read a plaintext file that is stored inside the vault, directly
   * from disk." ASSUMED (docs silent): decoded like Node's `utf8`, a BOM kept and bytes that are
   * not UTF-8 turned into U+FFFD, as a browser's `TextDecoder` does.
   */
  read(file: TFile): Promise<string> {
    return fs.readFile(this.adapter.getFullPath(file.path), 'utf8');
  }

  /**
   * obsidian.d.ts Vault.cachedRead: "Use this if you only want to display the content to the
   * user." ASSUMED (docs silent): never stale here, it reads the disk like `read`.
   */
  cachedRead(file: TFile): Promise<string> {
    return this.read(file);
  }

  /** obsidian.d.ts Vault.readBinary: "Read the content of a binary file stored inside the vault." */
  async readBinary(file: TFile): Promise<ArrayBuffer> {
    const bytes = await fs.readFile(this.adapter.getFullPath(file.path));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  /**
   * obsidian.d.ts Vault.createBinary: "Create a new binary file inside the vault." and "Error if
   * file already exists". Written atomically by the host. ASSUMED (docs silent): the path is
   * normalised and a missing parent folder is refused, as for `create` [A5].
   */
  async createBinary(filePath: string, data: ArrayBuffer): Promise<TFile> {
    const normalized = normalizePath(filePath);
    if (this.entries.has(normalized)) throw new Error('File already exists.');
    if (!(this.getAbstractFileByPath(parentOf(normalized)) instanceof TFolder)) throw new Error(`ENOENT: no such file or directory, open '${normalized}'`);
    await this.host.writeBinary(normalized, new Uint8Array(data), (current) => {
      if (current !== null) throw new Error('File already exists.');
    });
    const file = this.getFileByPath(normalized);
    if (file === null) throw new Error(`fake obsidian: the host created "${normalized}" but reported no file`);
    return file;
  }

  /** obsidian.d.ts Vault.modifyBinary: "Modify the contents of a binary file." Written atomically by the host; fires `modify`. */
  async modifyBinary(file: TFile, data: ArrayBuffer): Promise<void> {
    await this.host.writeBinary(file.path, new Uint8Array(data));
  }

  /**
   * ASSUMED (`create`'s doc is silent): the path is normalised; an existing path is refused, as
   * obsidian.d.ts Vault.createBinary says of binaries: "Error if file already exists"; so is a
   * missing parent folder (Node's ENOENT), which plugins create first.
   */
  async create(filePath: string, data: string): Promise<TFile> {
    const normalized = normalizePath(filePath);
    if (this.entries.has(normalized)) throw new Error('File already exists.');
    if (!(this.getAbstractFileByPath(parentOf(normalized)) instanceof TFolder)) throw new Error(`ENOENT: no such file or directory, open '${normalized}'`);
    await this.host.create(normalized, data);
    const file = this.getFileByPath(normalized);
    if (file === null) throw new Error(`fake obsidian: the host created "${normalized}" but reported no file`);
    return file;
  }

  /**
   * obsidian.d.ts Vault.createFolder: "Error if folder already exists". ASSUMED (docs silent): a
   * missing parent folder is refused too.
   */
  async createFolder(folderPath: string): Promise<TFolder> {
    const normalized = normalizePath(folderPath);
    if (this.entries.has(normalized)) throw new Error('Folder already exists.');
    if (!(this.getAbstractFileByPath(parentOf(normalized)) instanceof TFolder)) throw new Error(`ENOENT: no such file or directory, mkdir '${normalized}'`);
    await this.adapter.mkdir(normalized);
    const folder = this.addFolder(normalized);
    this.trigger('create', folder);
    return folder;
  }

  /**
   * obsidian.d.ts Vault.modify: "Modify the contents of a plaintext file." ASSUMED (docs silent):
   * the text the file already has writes nothing and fires no `modify`.
   */
  async modify(file: TFile, data: string): Promise<void> {
    await this.process(file, () => data);
  }

  /**
   * obsidian.d.ts Vault.process: "Atomically read, modify, and save the contents of a note.",
   * "a callback function which returns the new content of the note synchronously.", and "the
   * text value of the note that was written." The host runs the read, `transform` and an atomic
   * write under the path's lock, so concurrent calls queue; a `transform` that throws writes
   * nothing. ASSUMED (docs silent): unchanged text writes nothing and fires no `modify`.
   */
  async process(file: TFile, transform: (data: string) => string): Promise<string> {
    const bytes = await fs.readFile(this.adapter.getFullPath(file.path));
    if (decodeUtf8(bytes) !== null) return this.host.process(file.path, transform);
    // The app decodes such bytes to U+FFFD and writes the result back: the bytes change.
    const next = transform(bytes.toString('utf8'));
    await fs.writeFile(this.adapter.getFullPath(file.path), next);
    await this.host.rescan();
    return next;
  }

  /**
   * obsidian.d.ts Vault.rename: "To ensure links are automatically renamed, use {@link
   * FileManager.renameFile} instead.": links are left alone. ASSUMED (docs silent): an existing
   * destination and a missing parent folder are refused.
   */
  async rename(entry: TAbstractFile, newPath: string): Promise<void> {
    const normalized = normalizePath(newPath);
    if (this.entries.has(normalized)) throw new Error('Destination file already exists!');
    if (!(this.getAbstractFileByPath(parentOf(normalized)) instanceof TFolder)) throw new Error(`ENOENT: no such file or directory, rename '${entry.path}'`);
    const oldPath = entry.path;
    await this.quietly([oldPath, normalized], () => this.host.rename(oldPath, normalized));
    const moved = this.subtree(entry);
    this.detachEntry(entry);
    for (const item of moved) {
      const previous = item.path;
      this.entries.delete(previous);
      item.setPath(`${normalized}${previous.slice(oldPath.length)}`);
      this.entries.set(item.path, item);
    }
    this.attach(entry);
    for (const item of moved) this.trigger('rename', item, `${oldPath}${item.path.slice(normalized.length)}`);
  }

  /**
   * obsidian.d.ts Vault.trash: "Tries to move to system trash. If that isn't successful/allowed,
   * use local trash" and "Set to `false` to use local trash by default." The fake has no system
   * trash: both go to `.trash/`.
   */
  trash(entry: TAbstractFile, system: boolean): Promise<void> {
    return this.remove(entry, system ? 'system' : 'local');
  }

  /**
   * obsidian.d.ts Vault.delete: "Deletes the file completely." ASSUMED (docs silent): `force` is
   * not needed, a folder goes with its hidden children.
   */
  delete(entry: TAbstractFile): Promise<void> {
    return this.remove(entry, 'none');
  }

  /**
   * Deletes or trashes `entry` as the file manager's setting says: `none` removes it from disk
   * (obsidian.d.ts Vault.delete: "Deletes the file completely."); `system` and `local` move it to
   * `.trash/`, the fake having no system trash (obsidian.d.ts Vault.trash: "If that isn't
   * successful/allowed, use local trash").
   */
  async remove(entry: TAbstractFile, mode: 'system' | 'local' | 'none'): Promise<void> {
    await this.quietly([entry.path], () => (mode === 'none' ? this.deleteFromDisk(entry.path) : this.host.trash(entry.path)));
    this.removeEntry(entry);
  }

  /**
   * The host can only trash: remove the entry (hidden children too, as `delete(file, true)`),
   * then let the host rescan to forget it. A rescan also reports what other programs changed
   * meanwhile, as `noticeDiskChanges` would.
   */
  private async deleteFromDisk(vaultPath: string): Promise<void> {
    await fs.rm(this.adapter.getFullPath(vaultPath), { recursive: true });
    await this.host.rescan();
  }

  /** Applies a host's file event as the app's own watcher would report it. */
  private onHostEvent(event: VaultEvent): void {
    if (event.type === 'metadata') return this.metadataListener(event.path);
    if (this.isQuiet(event.path) || (event.type === 'rename' && this.isQuiet(event.oldPath))) return;
    if (event.type === 'create') this.trigger('create', this.addFile(event.path));
    else if (event.type === 'modify') this.onModified(event.path);
    else if (event.type === 'delete') this.removeEntry(this.entries.get(event.path));
    else this.onRenamedOutside(event.oldPath, event.path);
  }

  private onModified(filePath: string): void {
    const file = this.getFileByPath(filePath) ?? this.addFile(filePath);
    file.stat = this.statOf(filePath);
    this.trigger('modify', file);
  }

  private onRenamedOutside(oldPath: string, newPath: string): void {
    const file = this.getFileByPath(oldPath);
    if (file === null) return void this.trigger('create', this.addFile(newPath));
    this.detachEntry(file);
    this.entries.delete(oldPath);
    file.setPath(newPath);
    this.ensureFolders(parentOf(newPath));
    this.attach(file);
    this.trigger('rename', file, oldPath);
  }

  private async quietly<T>(paths: string[], work: () => Promise<T>): Promise<T> {
    for (const quietPath of paths) this.quietPaths.set(quietPath, (this.quietPaths.get(quietPath) ?? 0) + 1);
    try {
      return await work();
    } finally {
      for (const quietPath of paths) {
        const count = (this.quietPaths.get(quietPath) ?? 1) - 1;
        if (count === 0) this.quietPaths.delete(quietPath);
        else this.quietPaths.set(quietPath, count);
      }
    }
  }

  private isQuiet(filePath: string): boolean {
    for (const quietPath of this.quietPaths.keys()) if (filePath === quietPath || filePath.startsWith(`${quietPath}/`)) return true;
    return false;
  }

  private addFile(filePath: string): TFile {
    this.ensureFolders(parentOf(filePath));
    const file = new TFile(this, filePath);
    file.stat = this.statOf(filePath);
    this.entries.set(filePath, file);
    this.attach(file);
    return file;
  }

  private addFolder(folderPath: string): TFolder {
    const folder = new TFolder(this, folderPath);
    this.entries.set(folderPath, folder);
    this.attach(folder);
    return folder;
  }

  private ensureFolders(folderPath: string): void {
    if (folderPath === '/' || this.entries.has(folderPath)) return;
    this.ensureFolders(parentOf(folderPath));
    this.trigger('create', this.addFolder(folderPath));
  }

  private removeEntry(entry: TAbstractFile | undefined): void {
    if (entry === undefined) return;
    this.detachEntry(entry);
    for (const item of this.subtree(entry).reverse()) {
      this.entries.delete(item.path);
      this.trigger('delete', item);
    }
  }

  private attach(entry: TAbstractFile): void {
    const parent = this.getFolderByPath(parentOf(entry.path)) ?? this.root;
    entry.parent = parent;
    parent.children.push(entry);
  }

  private detachEntry(entry: TAbstractFile): void {
    const siblings = entry.parent?.children ?? [];
    const index = siblings.indexOf(entry);
    if (index !== -1) siblings.splice(index, 1);
  }

  /** The entry and everything below it, parents before children. */
  private subtree(entry: TAbstractFile): TAbstractFile[] {
    return entry instanceof TFolder ? [entry, ...entry.children.flatMap((child) => this.subtree(child))] : [entry];
  }

  private statOf(filePath: string): TFile['stat'] {
    const stat = this.host.stat(filePath);
    return stat === null ? { ctime: 0, mtime: 0, size: 0 } : { ...stat };
  }
}

function parentOf(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return slash === -1 ? '/' : filePath.slice(0, slash);
}
