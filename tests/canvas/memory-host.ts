import { LinkResolver } from '../../src/core/metadata/link-resolver';
import type { FileStat, LinkMap, VaultEvent, VaultFile, VaultHost } from '../../src/core/vault/vault-host';

/**
 * An in-memory `VaultHost` fake that counts the calls a canvas index makes: how often it lists
 * the vault and which files it reads. Only what the canvas link index uses does real work; a
 * write bumps the file's mtime and emits the event the real hosts emit.
 */
export class MemoryHost implements VaultHost {
  readonly name = 'memory';
  readonly reads: string[] = [];
  listings = 0;
  private readonly files = new Map<string, { text: string; stat: FileStat }>();
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  private resolver = new LinkResolver();
  private clock = 1;

  constructor(files: Record<string, string>) {
    for (const [path, text] of Object.entries(files)) this.files.set(path, { text, stat: this.stamp(text) });
    this.resolver = new LinkResolver(this.files.keys());
  }

  /** Writes a file (creating it when new) and emits `create` or `modify`. */
  write(path: string, text: string, options: { silent?: boolean; keepMtime?: boolean } = {}): void {
    const existing = this.files.get(path);
    const stat = options.keepMtime === true && existing !== undefined ? { ...existing.stat, size: text.length } : this.stamp(text);
    this.files.set(path, { text, stat });
    this.resolver.add(path);
    if (options.silent !== true) this.emit({ type: existing === undefined ? 'create' : 'modify', path });
  }

  /** Removes a file and emits `delete`. */
  remove(path: string): void {
    this.files.delete(path);
    this.resolver.remove(path);
    this.emit({ type: 'delete', path });
  }

  listFiles(): VaultFile[] {
    this.listings += 1;
    return [...this.files].map(([path, file]) => ({ path, stat: file.stat }));
  }

  listFolders(): string[] {
    return [];
  }

  stat(path: string): FileStat | null {
    return this.files.get(path)?.stat ?? null;
  }

  exists(path: string): boolean {
    return this.files.has(path);
  }

  read(path: string): Promise<string> {
    this.reads.push(path);
    const file = this.files.get(path);
    return file === undefined ? Promise.reject(new Error(`no ${path}`)) : Promise.resolve(file.text);
  }

  readBinary(path: string): Promise<Uint8Array> {
    return this.read(path).then((text) => new TextEncoder().encode(text));
  }

  process(): Promise<string> {
    return Promise.reject(new Error('not used'));
  }

  writeBinary(): Promise<void> {
    return Promise.reject(new Error('not used'));
  }

  create(): Promise<void> {
    return Promise.reject(new Error('not used'));
  }

  trash(): Promise<void> {
    return Promise.reject(new Error('not used'));
  }

  rename(): Promise<void> {
    return Promise.reject(new Error('not used'));
  }

  getMetadata(): null {
    return null;
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.resolver.resolve(linkpath, sourcePath);
  }

  resolvedLinks(): LinkMap {
    return {};
  }

  unresolvedLinks(): LinkMap {
    return {};
  }

  rescan(): Promise<void> {
    return Promise.resolve();
  }

  on(listener: (event: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: VaultEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private stamp(text: string): FileStat {
    this.clock += 1;
    return { ctime: 0, mtime: this.clock, size: text.length };
  }
}
