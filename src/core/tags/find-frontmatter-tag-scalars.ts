import { isScalar, isSeq, type Node } from 'yaml';
import { findTopLevelValue, readFrontmatterYaml, type FrontmatterYaml } from '../links/read-frontmatter-yaml';
import { toYamlScalarSource, type YamlScalarSource } from '../links/yaml-scalar-source';
import type { CachedMetadata } from '../metadata/types';

// Obsidian reads tags from `tags` and the deprecated `tag`; keys differing in case (`TAG:`) are not tags.
const TAG_KEYS = ['tags', 'tag'];

/**
 * Lists the scalars that hold frontmatter tags: the items of a `tags:` / `tag:` list (block or
 * flow) or its single scalar value. Returns an empty list when the note has no frontmatter or
 * its YAML does not parse.
 */
export function findFrontmatterTagScalars(text: string, cache: CachedMetadata): YamlScalarSource[] {
  const frontmatter = readFrontmatterYaml(text, cache);
  if (frontmatter === null) return [];
  return TAG_KEYS.flatMap((key) => scalarsOf(frontmatter, text, findTopLevelValue(frontmatter, key)));
}

function scalarsOf(frontmatter: FrontmatterYaml, text: string, value: Node | undefined): YamlScalarSource[] {
  if (value === undefined) return [];
  if (isScalar(value)) return present(toYamlScalarSource(value, text, frontmatter.offset, false));
  if (!isSeq(value)) return [];
  const flow = value.flow === true;
  return value.items.flatMap((item) => (isScalar(item) ? present(toYamlScalarSource(item, text, frontmatter.offset, flow)) : []));
}

function present(scalar: YamlScalarSource | null): YamlScalarSource[] {
  return scalar === null ? [] : [scalar];
}
