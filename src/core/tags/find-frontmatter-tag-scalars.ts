import { isScalar, isSeq, type Node } from 'yaml';
import { findTopLevelValue, readFrontmatterYaml, type FrontmatterYaml } from '../links/read-frontmatter-yaml';
import { toYamlScalarSource, type YamlScalarSource } from '../links/yaml-scalar-source';
import type { CachedMetadata } from '../metadata/types';

// The one key `parseFrontMatterTags` reads: Obsidian 1.9 dropped the singular `tag` (deprecated
// since 1.4), and keys differing in case (`TAGS:`) were never tags.
const TAG_KEY = 'tags';

/**
 * Lists the string scalars of the frontmatter `tags` property: the items of a block or flow list,
 * or its single value. Non-string values (`true`, `null`, numbers) are left out, as Obsidian
 * reads no tag from them. Returns an empty list when the note has no frontmatter or its YAML
 * does not parse.
 */
export function findFrontmatterTagScalars(text: string, cache: CachedMetadata): YamlScalarSource[] {
  const frontmatter = readFrontmatterYaml(text, cache);
  if (frontmatter === null) return [];
  const value = findTopLevelValue(frontmatter, TAG_KEY);
  if (value === undefined) return [];
  if (!isSeq(value)) return stringScalar(frontmatter, text, value, false);
  const flow = value.flow === true;
  return value.items.flatMap((item) => stringScalar(frontmatter, text, item as Node, flow));
}

function stringScalar(frontmatter: FrontmatterYaml, text: string, node: Node, flow: boolean): YamlScalarSource[] {
  if (!isScalar(node) || typeof node.value !== 'string') return [];
  const scalar = toYamlScalarSource(node, text, frontmatter.offset, flow);
  return scalar === null ? [] : [scalar];
}
