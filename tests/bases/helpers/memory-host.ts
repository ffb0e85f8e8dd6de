import { LinkResolver } from '../../../src/core/metadata/link-resolver';
import type { CachedMetadata } from '../../../src/core/metadata/types';
import type { FileStat, LinkMap, VaultEvent, VaultFile, VaultHost } from '../../../src/core/vault/vault-host';

/** One file of a {@link MemoryHost}: its frontmatter (notes) or text (canvases, other files). */
export interface MemoryFile {
  frontmatter?: Record<string, unknown>;
  text?: string;
}

/**
 * An in-memory `VaultHost` for tests at a scale a temp folder would make slow (tens of thousands
 * of notes). Metadata is the given frontmatter; links are the given `resolvedLinks` map. Like a
 * host that filters excluded paths, `resolvedLinks()` and `unresolvedLinks()` build a fresh map
 * on every call (a copy, linear in the number of links) and count the calls, so a caller asking
 * per row pays for it as it would against such a host.
 */
export class MemoryHost implements VaultHost {
  readonly name = 'memory';
  linkMapCalls = 0;
  private readonly files: Map<string, MemoryFile>;
  private readonly resolver: LinkResolver;

  constructor(
    files: Record<string, MemoryFile>,
    private readonly links: LinkMap = {},
  ) {
    this.files = new Map(Object.entries(files));
    this.resolver = new LinkResolver(this.files.keys());
  }

  listFiles(): VaultFile[] {
    return [...this.files.keys()].map((path) => ({ path, stat: this.statOf(path) }));
  }

  listFolders(): string[] {
    return [];
  }

  stat(path: string): FileStat | null {
    return this.files.has(path) ? this.statOf(path) : null;
  }

  exists(path: string): boolean {
    return this.files.has(path);
  }

  read(path: string): Promise<string> {
    const file = this.files.get(path);
    return file === undefined ? Promise.reject(new Error(`no ${path}`)) : Promise.resolve(file.text ?? '');
  }

  readBinary(path: string): Promise<Uint8Array> {
    return this.read(path).then((text) => new TextEncoder().encode(text));
  }

  process(): Promise<string> {
    return Promise.reject(new Error('read-only'));
  }

  writeBinary(): Promise<void> {
    return Promise.reject(new Error('read-only'));
  }

  create(): Promise<void> {
    return Promise.reject(new Error('read-only'));
  }

  trash(): Promise<void> {
    return Promise.reject(new Error('read-only'));
  }

  rename(): Promise<void> {
    return Promise.reject(new Error('read-only'));
  }

  getMetadata(path: string): CachedMetadata | null {
    const file = this.files.get(path);
    return file === undefined || !path.endsWith('.md') ? null : { frontmatter: file.frontmatter };
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    return this.resolver.resolve(linkpath, sourcePath);
  }

  resolvedLinks(): LinkMap {
    this.linkMapCalls += 1;
    return Object.fromEntries(Object.entries(this.links).map(([source, targets]) => [source, { ...targets }]));
  }

  unresolvedLinks(): LinkMap {
    this.linkMapCalls += 1;
    return {};
  }

  rescan(): Promise<void> {
    return Promise.resolve();
  }

  on(listener: (event: VaultEvent) => void): () => void {
    void listener;
    return () => undefined;
  }

  private statOf(path: string): FileStat {
    return { ctime: 0, mtime: 0, size: this.files.get(path)?.text?.length ?? 0 };
  }
}
