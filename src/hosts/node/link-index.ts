import { compactMetadata } from '../../core/metadata/compact-metadata';
import { countLinks } from '../../core/metadata/link-counts';
import { LinkResolver } from '../../core/metadata/link-resolver';
import { getLinkpath } from '../../core/metadata/linktext';
import type { CachedMetadata } from '../../core/metadata/types';
import { type LinkTotals, sumTargetCounts } from '../../core/vault/link-totals';
import type { LinkMap } from '../../core/vault/vault-host';

/** Notes stored or counted between two pauses of {@link LinkIndex.build}. */
const NOTES_PER_PAUSE = 256;

/** Options of {@link LinkIndex.build}. */
export interface LinkIndexBuildOptions {
  /** Link-map entries saved for notes (by the metadata cache). */
  savedCounts?: ReadonlyMap<string, { resolved: Record<string, number>; unresolved: Record<string, number> }>;
  /** The saved entries were counted against the same set of paths: used as they are instead of counting. */
  trustSavedCounts?: boolean;
  /** Told when counting gives a note other entries than it had (or than were saved for it): its saved copy is stale. */
  onCountsChanged?: (source: string) => void;
}

/** A batch of file changes: paths that left the vault and files that arrived or changed. */
export interface LinkIndexChange {
  /** Paths no longer in the vault. */
  removed?: readonly string[];
  /** Paths now in the vault with their metadata (null for files that are not notes). */
  upserted?: ReadonlyArray<readonly [path: string, metadata: CachedMetadata | null]>;
}

/**
 * The Node host's `metadataCache`: every note's `CachedMetadata` in compact form (see
 * `compactMetadata`), the link resolver over every
 * file, and `resolvedLinks` / `unresolvedLinks` kept up to date incrementally. A reverse index
 * from the lower-cased last segment of every linkpath to the notes that contain it tells which
 * notes a created, deleted or renamed file can affect, so only those are counted again.
 */
export class LinkIndex {
  /** Live `metadataCache.resolvedLinks`: an entry for every note, even `{}`. */
  readonly resolvedLinks: LinkMap = {};
  /** Live `metadataCache.unresolvedLinks`: an entry for every note, even `{}`. */
  readonly unresolvedLinks: LinkMap = {};
  /** Sums of every count in `resolvedLinks` and in `unresolvedLinks`, kept with them. */
  readonly totals: LinkTotals = { resolved: 0, unresolved: 0 };
  private readonly resolver: LinkResolver;
  private readonly metadata = new Map<string, CachedMetadata>();
  private readonly sourcesByKey = new Map<string, Set<string>>();
  private readonly keysBySource = new Map<string, string[]>();
  /** Told when a recount changed a note's entries without its metadata changing (a file it links to came or went). */
  private onCountsChanged: ((source: string) => void) | null = null;

  constructor(paths: Iterable<string>, metadata: ReadonlyMap<string, CachedMetadata>) {
    this.resolver = new LinkResolver([...paths]);
    for (const [path, cache] of metadata) this.storeMetadata(path, cache);
    for (const path of metadata.keys()) this.count(path);
  }

  /**
   * The index of a whole vault, as the constructor builds it, calling `pause` every few hundred
   * notes: linking 50k notes takes about a second, which must not hold the thread in one piece.
   */
  static async build(paths: Iterable<string>, metadata: ReadonlyMap<string, CachedMetadata>, pause: () => Promise<void>, options: LinkIndexBuildOptions = {}): Promise<LinkIndex> {
    const index = new LinkIndex(paths, new Map());
    let done = 0;
    for (const [path, cache] of metadata) {
      index.storeMetadata(path, cache);
      if ((done += 1) % NOTES_PER_PAUSE === 0) await pause();
    }
    index.onCountsChanged = options.onCountsChanged ?? null;
    for (const path of metadata.keys()) {
      const saved = options.savedCounts?.get(path);
      if (saved !== undefined && options.trustSavedCounts === true) index.setCounts(path, saved.resolved, saved.unresolved);
      else index.count(path, saved);
      if ((done += 1) % NOTES_PER_PAUSE === 0) await pause();
    }
    return index;
  }

  /** One note's entries of both link maps (empty for a note without links; undefined for unknown paths). */
  countsOf(path: string): { resolved: Record<string, number>; unresolved: Record<string, number> } | undefined {
    const resolved = this.resolvedLinks[path];
    const unresolved = this.unresolvedLinks[path];
    return resolved === undefined || unresolved === undefined ? undefined : { resolved, unresolved };
  }

  /** How many notes have metadata. */
  get noteCount(): number {
    return this.metadata.size;
  }

  /** The note's metadata, or null for other files and unknown paths. */
  getMetadata(path: string): CachedMetadata | null {
    return this.metadata.get(path) ?? null;
  }

  /** `getFirstLinkpathDest`: the path `linkpath` resolves to from `sourcePath`, or null. */
  resolve(linkpath: string, sourcePath: string): string | null {
    return this.resolver.resolve(linkpath, sourcePath);
  }

  /** Applies a batch of changes and recounts every note whose links they can affect. */
  apply(change: LinkIndexChange): void {
    const affected = new Set<string>();
    for (const path of change.removed ?? []) this.removeFile(path, affected);
    for (const [path, cache] of change.upserted ?? []) this.upsertFile(path, cache, affected);
    for (const source of affected) if (this.metadata.has(source)) this.count(source);
  }

  private removeFile(path: string, affected: Set<string>): void {
    this.resolver.remove(path);
    this.dropMetadata(path);
    this.collectSourcesLinkingTo(path, affected);
  }

  private upsertFile(path: string, cache: CachedMetadata | null, affected: Set<string>): void {
    if (!this.resolver.has(path)) {
      this.resolver.add(path);
      this.collectSourcesLinkingTo(path, affected);
    }
    this.dropMetadata(path);
    if (cache === null) return;
    this.storeMetadata(path, cache);
    affected.add(path);
  }

  private storeMetadata(path: string, cache: CachedMetadata): void {
    this.metadata.set(path, compactMetadata(cache));
    const keys = linkKeys(cache);
    this.keysBySource.set(path, keys);
    for (const key of keys) this.sourcesFor(key).add(path);
  }

  private dropMetadata(path: string): void {
    if (!this.metadata.delete(path)) return;
    for (const key of this.keysBySource.get(path) ?? []) this.sourcesByKey.get(key)?.delete(path);
    this.keysBySource.delete(path);
    this.setCounts(path, undefined, undefined);
  }

  private collectSourcesLinkingTo(path: string, affected: Set<string>): void {
    for (const key of fileKeys(path)) for (const source of this.sourcesByKey.get(key) ?? []) affected.add(source);
  }

  /** Counts a note's links again; `onCountsChanged` hears of it when they differ from `before` (default: the entries now). */
  private count(source: string, before?: { resolved: Record<string, number>; unresolved: Record<string, number> }): void {
    const cache = this.metadata.get(source);
    if (cache === undefined) return;
    const counts = countLinks(source, cache, this.resolver);
    if (this.onCountsChanged !== null) {
      const previous = before ?? this.countsOf(source);
      if (!(sameCounts(counts.resolved, previous?.resolved) && sameCounts(counts.unresolved, previous?.unresolved))) this.onCountsChanged(source);
    }
    this.setCounts(source, counts.resolved, counts.unresolved);
  }

  /** Replaces (or, given undefined, deletes) a note's entries in both link maps, keeping the totals. */
  private setCounts(source: string, resolved: Record<string, number> | undefined, unresolved: Record<string, number> | undefined): void {
    this.totals.resolved += sumTargetCounts(resolved) - sumTargetCounts(this.resolvedLinks[source]);
    this.totals.unresolved += sumTargetCounts(unresolved) - sumTargetCounts(this.unresolvedLinks[source]);
    if (resolved === undefined) delete this.resolvedLinks[source];
    else this.resolvedLinks[source] = resolved;
    if (unresolved === undefined) delete this.unresolvedLinks[source];
    else this.unresolvedLinks[source] = unresolved;
  }

  private sourcesFor(key: string): Set<string> {
    let sources = this.sourcesByKey.get(key);
    if (sources === undefined) {
      sources = new Set();
      this.sourcesByKey.set(key, sources);
    }
    return sources;
  }
}

/** True when two entries of a link map count the same targets the same. */
function sameCounts(next: Readonly<Record<string, number>>, previous: Readonly<Record<string, number>> | undefined): boolean {
  if (previous === undefined) return false;
  const keys = Object.keys(next);
  return keys.length === Object.keys(previous).length && keys.every((key) => Object.prototype.hasOwnProperty.call(previous, key) && previous[key] === next[key]);
}

/**
 * The keys a file can be reached by: its lower-cased name with and without its extension. Any
 * link that resolves to the file ends in one of them, whatever folder prefix it carries; a few
 * extra matches only cost a recount.
 */
function fileKeys(path: string): string[] {
  return nameKeys(path.slice(path.lastIndexOf('/') + 1));
}

function linkKeys(cache: CachedMetadata): string[] {
  const references = [...(cache.links ?? []), ...(cache.embeds ?? []), ...(cache.frontmatterLinks ?? [])];
  const keys = new Set<string>();
  for (const reference of references) {
    const linkpath = getLinkpath(reference.link);
    for (const key of nameKeys(linkpath.slice(linkpath.lastIndexOf('/') + 1))) keys.add(key);
  }
  return [...keys];
}

function nameKeys(name: string): string[] {
  const key = name.normalize('NFC').toLowerCase();
  const dot = key.lastIndexOf('.');
  return dot > 0 ? [key, key.slice(0, dot)] : [key];
}
