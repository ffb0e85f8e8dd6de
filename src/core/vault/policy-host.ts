import { IndxError } from '../errors';
import { OPEN_POLICY, excludedPath, readOnlyPath, type PathPolicy } from './path-policy';
import type { FileContent, FileStat, LinkMap, Unsubscribe, VaultEvent, VaultFile, VaultHost, VaultOpening } from './vault-host';
import type { CachedMetadata } from '../metadata/types';
import { type LinkTotals, sumLinkTotals } from './link-totals';

/** The link maps as the policy shows them, and their sums, valid for one version of the vault. */
interface FilteredLinks {
  version: number;
  resolved: LinkMap | null;
  unresolved: LinkMap | null;
  totals: LinkTotals | null;
}

/**
 * A VaultHost seen through the vault's path rules: excluded paths do not exist for anything
 * above it (listings, reads, metadata, links, search, events, resources) and neither they nor
 * read-only paths can be changed. The engine wraps its host in one, so every surface obeys the
 * same rules. Changing the policy announces what appeared and disappeared as create and delete
 * events, so the search index and subscribers follow.
 */
export class PolicyHost implements VaultHost {
  private current: PathPolicy = OPEN_POLICY;
  /** Bumped by every change the host reports and every policy change: the filtered link maps' key. */
  private version = 0;
  private filtered: FilteredLinks = { version: -1, resolved: null, unresolved: null, totals: null };
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  private readonly unsubscribe: Unsubscribe;

  constructor(private readonly inner: VaultHost) {
    this.unsubscribe = inner.on((event) => this.forward(event));
    // A host that opens in the background fills in without events: link maps filtered before are stale then.
    void inner.whenOpen?.().then(
      () => void (this.version += 1),
      () => undefined,
    );
  }

  get name(): string {
    return this.inner.name;
  }

  /** The policy in force. */
  get policy(): PathPolicy {
    return this.current;
  }

  /** Puts `next` in force; files it hides are announced as deleted, files it shows as created. */
  setPolicy(next: PathPolicy): void {
    const previous = this.current;
    this.current = next;
    this.version += 1;
    for (const file of this.inner.listFiles()) {
      const [was, is] = [previous.isExcluded(file.path), next.isExcluded(file.path)];
      if (was && !is) this.emit({ type: 'create', path: file.path }, { type: 'metadata', path: file.path });
      else if (!was && is) this.emit({ type: 'delete', path: file.path });
    }
  }

  /** Stops following the inner host's events. */
  close(): void {
    this.unsubscribe();
  }

  listFiles(): VaultFile[] {
    const files = this.inner.listFiles();
    return this.isOpen() ? files : files.filter((file) => !this.current.isExcluded(file.path));
  }

  listFolders(): string[] {
    const folders = this.inner.listFolders();
    return this.isOpen() ? folders : folders.filter((folder) => !this.current.isExcluded(folder));
  }

  stat(path: string): FileStat | null {
    return this.current.isExcluded(path) ? null : this.inner.stat(path);
  }

  exists(path: string): boolean {
    return !this.current.isExcluded(path) && this.inner.exists(path);
  }

  read(path: string): Promise<string> {
    // Security: an excluded file answers like a missing one, so its existence does not leak.
    if (this.current.isExcluded(path)) return Promise.reject(hiddenFile(path));
    return this.inner.read(path);
  }

  readBinary(path: string): Promise<Uint8Array> {
    if (this.current.isExcluded(path)) return Promise.reject(hiddenFile(path));
    return this.inner.readBinary(path);
  }

  metadataOf(path: string, text: string): CachedMetadata | null {
    return this.current.isExcluded(path) ? null : (this.inner.metadataOf?.(path, text) ?? null);
  }

  process(path: string, transform: (data: string) => string): Promise<string> {
    if (this.current.isExcluded(path)) return Promise.reject(excludedPath(path));
    if (!this.current.isReadOnly(path)) return this.inner.process(path, transform);
    // A read-only file may be "processed" into the same text (nothing is written).
    return this.inner.process(path, (data) => {
      const next = transform(data);
      if (next !== data) throw readOnlyPath(path);
      return next;
    });
  }

  create(path: string, data: string): Promise<void> {
    return this.refuseWrite([path]) ?? this.inner.create(path, data);
  }

  writeBinary(path: string, data: Uint8Array, check?: (current: Uint8Array | null) => void): Promise<void> {
    return this.refuseWrite([path]) ?? this.inner.writeBinary(path, data, check);
  }

  trash(path: string, check?: (content: FileContent) => void): Promise<void> {
    if (!this.hasRules()) return this.inner.trash(path, check);
    return this.refuseWrite([path, ...this.filesBelow(path)]) ?? this.inner.trash(path, check);
  }

  rename(from: string, to: string, check?: (content: FileContent) => void): Promise<void> {
    if (!this.hasRules()) return this.inner.rename(from, to, check);
    const below = this.filesBelow(from);
    const moved = below.map((file) => `${to}${file.slice(from.length)}`);
    return this.refuseWrite([from, to, ...below, ...moved]) ?? this.inner.rename(from, to, check);
  }

  getMetadata(path: string): CachedMetadata | null {
    return this.current.isExcluded(path) ? null : this.inner.getMetadata(path);
  }

  resolveLink(linkpath: string, sourcePath: string): string | null {
    const target = this.inner.resolveLink(linkpath, sourcePath);
    return target !== null && this.current.isExcluded(target) ? null : target;
  }

  resolvedLinks(): LinkMap {
    const links = this.inner.resolvedLinks();
    if (this.isOpen()) return links;
    // Filtering walks every link: keep the result until the vault or the rules change, so callers
    // that ask per note (Bases' hasLink on every row) stay linear.
    const cache = this.freshCache();
    return (cache.resolved ??= this.filterLinks(links, true));
  }

  unresolvedLinks(): LinkMap {
    const links = this.inner.unresolvedLinks();
    if (this.isOpen()) return links;
    const cache = this.freshCache();
    return (cache.unresolved ??= this.filterLinks(links, false));
  }

  /** The inner host's running totals when nothing is hidden; else the visible maps' sums, kept until the next change. */
  linkTotals(): LinkTotals {
    if (this.isOpen()) return this.inner.linkTotals?.() ?? sumLinkTotals(this.inner);
    return (this.freshCache().totals ??= sumLinkTotals(this));
  }

  rescan(): Promise<void> {
    return this.inner.rescan();
  }

  whenOpen(): Promise<void> {
    return this.inner.whenOpen?.() ?? Promise.resolve();
  }

  opening(): VaultOpening | null {
    return this.inner.opening?.() ?? null;
  }

  /** The app's settings are outside the vault's notes: no path rule applies to them. */
  readConfigFile(name: string): Promise<string | null> {
    return this.inner.readConfigFile?.(name) ?? Promise.resolve(null);
  }

  on(listener: (event: VaultEvent) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private freshCache(): FilteredLinks {
    if (this.filtered.version !== this.version) this.filtered = { version: this.version, resolved: null, unresolved: null, totals: null };
    return this.filtered;
  }

  /** True when any rule is in force; without one, nothing needs checking (no vault listing per delete or move). */
  private hasRules(): boolean {
    return this.current.rules.excluded_paths.length > 0 || this.current.rules.read_only_paths.length > 0;
  }

  private isOpen(): boolean {
    return this.current.rules.excluded_paths.length === 0;
  }

  private refuseWrite(paths: readonly string[]): Promise<never> | null {
    const excluded = paths.find((path) => this.current.isExcluded(path));
    if (excluded !== undefined) return Promise.reject(excludedPath(excluded));
    const readOnly = paths.find((path) => this.current.isReadOnly(path));
    return readOnly === undefined ? null : Promise.reject(readOnlyPath(readOnly));
  }

  /** Files inside `path` when it is a folder (none for a file). */
  private filesBelow(path: string): string[] {
    if (this.inner.stat(path) !== null) return [];
    const prefix = `${path}/`;
    return this.inner.listFiles().filter((file) => file.path.startsWith(prefix)).map((file) => file.path);
  }

  private filterLinks(links: LinkMap, targetsArePaths: boolean): LinkMap {
    const visible: LinkMap = {};
    for (const [source, targets] of Object.entries(links)) {
      if (this.current.isExcluded(source)) continue;
      visible[source] = targetsArePaths ? Object.fromEntries(Object.entries(targets).filter(([target]) => !this.current.isExcluded(target))) : targets;
    }
    return visible;
  }

  /** Passes an inner event on as the policy shows it (a rename across the rule's edge becomes a create or delete). */
  private forward(event: VaultEvent): void {
    this.version += 1;
    const shown = this.toShown(event);
    if (shown !== null) this.emit(shown);
  }

  private toShown(event: VaultEvent): VaultEvent | null {
    const hidden = this.current.isExcluded(event.path);
    if (event.type !== 'rename') return hidden ? null : event;
    const wasHidden = this.current.isExcluded(event.oldPath);
    if (hidden) return wasHidden ? null : { type: 'delete', path: event.oldPath };
    return wasHidden ? { type: 'create', path: event.path } : event;
  }

  private emit(...events: VaultEvent[]): void {
    for (const event of events) for (const listener of [...this.listeners]) listener(event);
  }
}

function hiddenFile(path: string): IndxError {
  return new IndxError('not_found', `No file at "${path}". Check the path with the file list.`, { path });
}
