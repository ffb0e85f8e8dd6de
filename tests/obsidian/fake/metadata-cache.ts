import { readFileSync } from 'node:fs';
import { clearTimeout, setTimeout } from 'node:timers';
import type { CachedMetadata } from '../../../src/core/metadata/types';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { parseMetadata } from '../../../src/core/metadata/parse-metadata';
import { Events } from './events';
import { TFile, type TAbstractFile } from './files';
import type { Vault } from './vault';

/**
 * Obsidian's `MetadataCache` over the Node host's parse: our parser, which
 * tests/metadata/golden-host.test.ts holds to the real app's output in data/obsidian-cache
 * (capture fields `cachedMetadata` and `resolveLinkToPath`; tests/obsidian/fake-fidelity.test.ts
 * checks this class against them too). Link maps and link resolution come straight from the host.
 * A written note is re-indexed later, not during the write: obsidian.d.ts
 * MetadataCache.on('changed'): "Called when a file has been indexed, and its (updated) cache is
 * now available.", so `getCache` returns the note's previous metadata until then. ASSUMED (docs
 * silent): indexing takes `delayMs` and ends after the write resolved; the cache is complete when
 * the app opens; it hears the vault's events before any plugin (it subscribes first).
 */
export class MetadataCache extends Events {
  /**
   * Test switch: index a written note at once, firing `changed` before the write's promise
   * resolves (the app does when it already knows the file's content hash, or is simply fast).
   */
  indexDuringWrite = false;
  private readonly cache = new Map<string, CachedMetadata>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly vault: Vault,
    private readonly host: NodeVaultHost,
    /** How long indexing a changed note takes (0: the next macrotask). */
    public delayMs: number,
  ) {
    super();
    for (const file of vault.getMarkdownFiles()) this.remember(file.path);
    vault.onMetadata((path) => this.schedule(path));
    vault.on('rename', (entry: TAbstractFile, oldPath: string) => this.onRename(entry, oldPath));
    vault.on('delete', (entry: TAbstractFile) => this.onDelete(entry));
  }

  /** obsidian.d.ts MetadataCache.resolvedLinks: "This object maps each source file's path to an object of destination file paths with the link count." */
  get resolvedLinks(): Record<string, Record<string, number>> {
    return this.host.resolvedLinks();
  }

  /** obsidian.d.ts MetadataCache.unresolvedLinks: "This object maps each source file to an object of unknown destinations with count." */
  get unresolvedLinks(): Record<string, Record<string, number>> {
    return this.host.unresolvedLinks();
  }

  /** What the real app computed for the same note: capture field `cachedMetadata` (see the class comment). */
  getFileCache(file: TFile): CachedMetadata | null {
    return this.getCache(file.path);
  }

  getCache(path: string): CachedMetadata | null {
    return this.cache.get(path) ?? null;
  }

  /**
   * obsidian.d.ts MetadataCache.getFirstLinkpathDest: "Get the best match for a linkpath." The
   * match the real app chose: capture field `resolveLinkToPath`.
   */
  getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
    const target = this.host.resolveLink(linkpath, sourcePath);
    return target === null ? null : this.vault.getFileByPath(target);
  }

  /** Test helper: true while notes wait to be indexed. */
  isIndexing(): boolean {
    return this.timers.size > 0;
  }

  /** Stops pending indexing (the app is closing). */
  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(path: string): void {
    clearTimeout(this.timers.get(path));
    this.timers.delete(path);
    if (this.indexDuringWrite) return this.indexNow(path);
    this.timers.set(path, setTimeout(() => void this.index(path), this.delayMs));
  }

  /** The `indexDuringWrite` path: `changed` (then `resolved`) before the write's promise resolves. */
  private indexNow(path: string): void {
    const file = this.vault.getFileByPath(path);
    if (file === null || !this.remember(path)) return;
    this.trigger('changed', file, readFileSync(this.vault.adapter.getFullPath(path), 'utf8'), this.cache.get(path));
    if (this.timers.size === 0) this.trigger('resolved');
  }

  /**
   * Indexes a written note: `changed` with the note's text and new cache, then, when no other
   * note waits, obsidian.d.ts MetadataCache.on('resolved'): "Called when all files has been
   * resolved. This will be fired each time files get modified after the initial load."
   */
  private async index(path: string): Promise<void> {
    const file = this.vault.getFileByPath(path);
    const text = file === null ? null : await this.vault.read(file).catch(() => null);
    this.timers.delete(path);
    if (file === null || text === null || !this.remember(path, text)) return;
    this.trigger('changed', file, text, this.cache.get(path));
    if (this.timers.size === 0) this.trigger('resolved');
  }

  /**
   * Caches the note's whole metadata, as the app's cache holds it (every field of the captures):
   * parsed from `text` (default: the file on disk), since the headless host keeps only a compact
   * form (`compactMetadata`). False for paths the host has no note at.
   */
  private remember(path: string, text?: string): boolean {
    if (this.host.getMetadata(path) === null) return false;
    this.cache.set(path, parseMetadata(text ?? readFileSync(this.vault.adapter.getFullPath(path), 'utf8')));
    return true;
  }

  /** obsidian.d.ts MetadataCache.on('changed'): "This is not called when a file is renamed for performance reasons.": the cache is re-keyed quietly. */
  private onRename(entry: TAbstractFile, oldPath: string): void {
    const metadata = this.cache.get(oldPath);
    this.cache.delete(oldPath);
    if (metadata !== undefined && entry instanceof TFile && entry.extension === 'md') this.cache.set(entry.path, metadata);
    else if (entry instanceof TFile && entry.extension === 'md') this.remember(entry.path);
  }

  /**
   * obsidian.d.ts MetadataCache.on('deleted'): "A best-effort previous version of the cached
   * metadata is presented, but it could be null in case the file was not successfully cached
   * previously."
   */
  private onDelete(entry: TAbstractFile): void {
    if (!(entry instanceof TFile)) return;
    const previous = this.cache.get(entry.path) ?? null;
    this.cache.delete(entry.path);
    clearTimeout(this.timers.get(entry.path));
    this.timers.delete(entry.path);
    if (entry.extension === 'md') this.trigger('deleted', entry, previous);
  }
}
