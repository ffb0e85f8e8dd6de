import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { CachedMetadata, FrontmatterLinkCache } from '../metadata/types';
import { findTopLevelValue, readFrontmatterYaml, type FrontmatterYaml } from './read-frontmatter-yaml';
import { toYamlScalarSource, type YamlScalarSource } from './yaml-scalar-source';

/** A frontmatter link and the YAML scalar that holds it. */
export interface FrontmatterLinkSite {
  reference: FrontmatterLinkCache;
  scalar: YamlScalarSource;
  /** Offset of `reference.original` within `scalar.value`. */
  index: number;
}

/** The scalars of one top-level key and the occurrences already given to a link. */
interface KeyScalars {
  scalars: YamlScalarSource[];
  taken: Set<string>;
}

/**
 * Finds where each of `cache.frontmatterLinks` is written, since Obsidian gives them no
 * position. A link's key names its top-level property (`related.0` or `parent.child` is looked
 * up as `related` / `parent` when no property has the full name); the link is the first
 * occurrence of its `original` text in that property's scalars not already given to an earlier
 * link. Links that cannot be found, or all of them when the YAML does not parse, are left out.
 */
export function locateFrontmatterLinks(text: string, cache: CachedMetadata): FrontmatterLinkSite[] {
  const references = cache.frontmatterLinks ?? [];
  const frontmatter = references.length === 0 ? null : readFrontmatterYaml(text, cache);
  if (frontmatter === null) return [];
  const byKey = new Map<string, KeyScalars>();
  return references.flatMap((reference) => {
    const found = topLevelValue(frontmatter, reference.key);
    if (found === null) return [];
    let entry = byKey.get(found.key);
    if (entry === undefined) {
      entry = { scalars: collectScalars(found.value, text, frontmatter.offset, false), taken: new Set() };
      byKey.set(found.key, entry);
    }
    const site = takeOccurrence(entry, reference);
    return site === null ? [] : [site];
  });
}

function topLevelValue(frontmatter: FrontmatterYaml, key: string): { key: string; value: Node } | null {
  for (const candidate of [key, key.split('.')[0] ?? key]) {
    const value = findTopLevelValue(frontmatter, candidate);
    if (value !== undefined) return { key: candidate, value };
  }
  return null;
}

function takeOccurrence(entry: KeyScalars, reference: FrontmatterLinkCache): FrontmatterLinkSite | null {
  for (const [scalarIndex, scalar] of entry.scalars.entries()) {
    let index = scalar.value.indexOf(reference.original);
    while (index !== -1 && entry.taken.has(`${scalarIndex}:${index}`)) index = scalar.value.indexOf(reference.original, index + 1);
    if (index === -1) continue;
    entry.taken.add(`${scalarIndex}:${index}`);
    return { reference, scalar, index };
  }
  return null;
}

function collectScalars(node: Node, text: string, offset: number, flow: boolean): YamlScalarSource[] {
  if (isScalar(node)) {
    const scalar = toYamlScalarSource(node, text, offset, flow);
    return scalar === null ? [] : [scalar];
  }
  if (isSeq(node)) return node.items.flatMap((item) => collectScalars(item as Node, text, offset, flow || node.flow === true));
  if (isMap(node)) return node.items.flatMap((pair) => collectScalars(pair.value as Node, text, offset, flow || node.flow === true));
  return [];
}
