import type { CachedMetadata } from '../../metadata/types';
import { compareCodeUnits } from '../../ops/compare';
import { noteTags } from '../../notes/note-tags';
import type { FileStat, LinkMap, VaultHost } from '../../vault/vault-host';
import type { BaseValue } from '../values/base-value';
import type { CanvasLink, CanvasLinks } from './canvas-links';
import { toPropertyValue } from './property-value';

/**
 * One query's view of the vault: the file list, and per-file metadata, properties, tags and
 * backlinks computed on first use and kept for the query. Bases are evaluated against a
 * snapshot so every row of one query sees the same vault.
 */
export interface VaultSnapshot {
  readonly host: VaultHost;
  /** Every file of the vault (all types, as a base includes every file), sorted by path. */
  readonly paths: readonly string[];
  stat(path: string): FileStat | null;
  metadata(path: string): CachedMetadata | null;
  /** Frontmatter as typed values: wikilink strings become links, date strings dates. */
  properties(path: string): ReadonlyMap<string, BaseValue>;
  /** Tags without `#`, frontmatter first, duplicates removed ignoring case. */
  tags(path: string): readonly string[];
  /** The references of a canvas (file nodes, links in text nodes); empty for other files. */
  canvasLinks(path: string): readonly CanvasLink[];
  /** Paths of the files (notes and canvases) linking to `path` (self-links excluded), sorted. */
  backlinks(path: string): readonly string[];
  /** `getFirstLinkpathDest`, falling back to an exact vault path. */
  resolve(linkpath: string, sourcePath: string): string | null;
  /** True when `source` links or embeds `target` (a path), frontmatter links and canvases included. */
  linksTo(source: string, target: string): boolean;
  /** True when `source` has an unresolved link written as `linkpath`. */
  hasUnresolvedLink(source: string, linkpath: string): boolean;
}

/**
 * Takes a snapshot of `host` for one query. `canvases` are the vault's canvas references
 * (`loadCanvasLinks`), which Obsidian's link maps leave out. The host's link maps are read once,
 * on first use: a host may rebuild them on every call (filtering excluded paths), and a filter
 * such as `file.hasLink()` asks on every row.
 */
export function createVaultSnapshot(host: VaultHost, canvases: CanvasLinks = new Map()): VaultSnapshot {
  const stats = new Map(host.listFiles().map((file) => [file.path, file.stat]));
  const paths = [...stats.keys()].sort(compareCodeUnits);
  const metadata = memoize((path: string) => (path.endsWith('.md') ? host.getMetadata(path) : null));
  const resolved = once(() => host.resolvedLinks());
  const unresolved = once(() => host.unresolvedLinks());
  const inverse = once(() => invertLinks(resolved(), canvases));
  const canvasTargets = memoize((path: string) => targetSets(canvases.get(path) ?? []));
  const snapshot: VaultSnapshot = {
    host,
    paths,
    stat: (path) => stats.get(path) ?? null,
    metadata,
    properties: memoize((path: string) => toProperties(snapshot, path)),
    tags: memoize((path: string) => noteTags(metadata(path) ?? {})),
    canvasLinks: (path) => canvases.get(path) ?? [],
    backlinks: (path) => inverse().get(path) ?? [],
    resolve: (linkpath, sourcePath) => host.resolveLink(linkpath, sourcePath) ?? (stats.has(linkpath) ? linkpath : null),
    linksTo: (source, target) => hasEntry(resolved(), source, target) || canvasTargets(source).resolved.has(target),
    hasUnresolvedLink: (source, linkpath) => hasEntry(unresolved(), source, linkpath) || canvasTargets(source).unresolved.has(linkpath),
  };
  return snapshot;
}

function toProperties(snapshot: VaultSnapshot, path: string): ReadonlyMap<string, BaseValue> {
  const frontmatter = snapshot.metadata(path)?.frontmatter ?? {};
  return new Map(Object.entries(frontmatter).map(([key, raw]) => [key, toPropertyValue(raw, path, snapshot)]));
}

function hasEntry(links: LinkMap, source: string, target: string): boolean {
  const targets = Object.hasOwn(links, source) ? links[source] : undefined;
  return targets !== undefined && Object.hasOwn(targets, target);
}

/** A canvas's resolved targets and the link paths that resolve to nothing. */
function targetSets(links: readonly CanvasLink[]): { resolved: Set<string>; unresolved: Set<string> } {
  const sets = { resolved: new Set<string>(), unresolved: new Set<string>() };
  for (const link of links) {
    if (link.target === null) sets.unresolved.add(link.linkpath);
    else sets.resolved.add(link.target);
  }
  return sets;
}

/** Target → sources linking to it, each source once, sorted; linear in the number of links. */
function invertLinks(resolved: LinkMap, canvases: CanvasLinks): Map<string, string[]> {
  const inverse = new Map<string, Set<string>>();
  const add = (source: string, target: string): void => {
    if (target === source) return;
    const sources = inverse.get(target);
    if (sources === undefined) inverse.set(target, new Set([source]));
    else sources.add(source);
  };
  for (const [source, targets] of Object.entries(resolved)) for (const target of Object.keys(targets)) add(source, target);
  for (const [canvas, links] of canvases) for (const link of links) if (link.target !== null) add(canvas, link.target);
  return new Map([...inverse].map(([target, sources]) => [target, [...sources].sort(compareCodeUnits)]));
}

function once<T>(compute: () => T): () => T {
  let value: { current: T } | undefined;
  return () => (value ??= { current: compute() }).current;
}

function memoize<T>(compute: (path: string) => T): (path: string) => T {
  const cache = new Map<string, T>();
  return (path) => {
    if (!cache.has(path)) cache.set(path, compute(path));
    return cache.get(path) as T;
  };
}
