import type { CachedMetadata } from './types';
import type { LinkResolver } from './link-resolver';
import { getLinkpath } from './linktext';

/** One note's entries of Obsidian's `resolvedLinks` and `unresolvedLinks`. */
export interface LinkCounts {
  resolved: Record<string, number>;
  unresolved: Record<string, number>;
}

/**
 * Counts the links, embeds and frontmatter links of one note the way Obsidian fills
 * `resolvedLinks[sourcePath]` and `unresolvedLinks[sourcePath]`: resolved ones by destination
 * path (a `[[#heading]]` counts against the note itself), unresolved ones by the link path as
 * written without its subpath (`[[|]]` gives "|", `[t](pa#th/x.md)` gives "pa").
 */
export function countLinks(sourcePath: string, cache: CachedMetadata, resolver: LinkResolver): LinkCounts {
  const counts: LinkCounts = { resolved: {}, unresolved: {} };
  const references = [...(cache.links ?? []), ...(cache.embeds ?? []), ...(cache.frontmatterLinks ?? [])];
  for (const reference of references) {
    const linkpath = getLinkpath(reference.link);
    const destination = resolver.resolve(linkpath, sourcePath);
    increment(destination === null ? counts.unresolved : counts.resolved, destination ?? linkpath);
  }
  return counts;
}

/**
 * Adds one to `record[key]`. Inherited names (`constructor`, `toString`) count from zero, and
 * `__proto__`, whose assignment would set the prototype, becomes an own property; every other
 * key is a plain assignment (a property definition per link cost a quarter of linking a vault).
 */
function increment(record: Record<string, number>, key: string): void {
  const value = (Object.prototype.hasOwnProperty.call(record, key) ? (record[key] ?? 0) : 0) + 1;
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
