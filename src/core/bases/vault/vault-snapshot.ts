import type { CachedMetadata } from '../../metadata/types';
import { compareCodeUnits } from '../../ops/compare';
import { noteTags } from '../../notes/note-tags';
import type { FileStat, VaultHost } from '../../vault/vault-host';
import type { BaseValue } from '../values/base-value';
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
  /** Paths of the files linking to `path` (self-links excluded), sorted. */
  backlinks(path: string): readonly string[];
  /** `getFirstLinkpathDest`, falling back to an exact vault path. */
  resolve(linkpath: string, sourcePath: string): string | null;
  /** True when `source` links or embeds `target` (a path), frontmatter links included. */
  linksTo(source: string, target: string): boolean;
  /** True when `source` has an unresolved link written as `linkpath`. */
  hasUnresolvedLink(source: string, linkpath: string): boolean;
}

/** Takes a snapshot of `host` for one query. */
export function createVaultSnapshot(host: VaultHost): VaultSnapshot {
  const stats = new Map(host.listFiles().map((file) => [file.path, file.stat]));
  const paths = [...stats.keys()].sort(compareCodeUnits);
  const metadata = memoize((path: string) => (path.endsWith('.md') ? host.getMetadata(path) : null));
  let inverse: Map<string, string[]> | undefined;
  const snapshot: VaultSnapshot = {
    host,
    paths,
    stat: (path) => stats.get(path) ?? null,
    metadata,
    properties: memoize((path: string) => toProperties(snapshot, path)),
    tags: memoize((path: string) => noteTags(metadata(path) ?? {})),
    backlinks: (path) => (inverse ??= invertLinks(host)).get(path) ?? [],
    resolve: (linkpath, sourcePath) => host.resolveLink(linkpath, sourcePath) ?? (stats.has(linkpath) ? linkpath : null),
    linksTo: (source, target) => host.resolvedLinks()[source]?.[target] !== undefined,
    hasUnresolvedLink: (source, linkpath) => host.unresolvedLinks()[source]?.[linkpath] !== undefined,
  };
  return snapshot;
}

function toProperties(snapshot: VaultSnapshot, path: string): ReadonlyMap<string, BaseValue> {
  const frontmatter = snapshot.metadata(path)?.frontmatter ?? {};
  return new Map(Object.entries(frontmatter).map(([key, raw]) => [key, toPropertyValue(raw, path, snapshot)]));
}

function invertLinks(host: VaultHost): Map<string, string[]> {
  const inverse = new Map<string, string[]>();
  for (const [source, targets] of Object.entries(host.resolvedLinks())) {
    for (const target of Object.keys(targets)) {
      if (target !== source) inverse.set(target, [...(inverse.get(target) ?? []), source]);
    }
  }
  for (const sources of inverse.values()) sources.sort(compareCodeUnits);
  return inverse;
}

function memoize<T>(compute: (path: string) => T): (path: string) => T {
  const cache = new Map<string, T>();
  return (path) => {
    if (!cache.has(path)) cache.set(path, compute(path));
    return cache.get(path) as T;
  };
}
