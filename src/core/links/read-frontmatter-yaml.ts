import { isMap, type Document, type Node, type Pair } from 'yaml';
import { parseYamlDocument } from '../yaml/parse-yaml';
import type { CachedMetadata } from '../metadata/types';

/** The YAML of a note's frontmatter, parsed with source ranges, and where it starts in the note. */
export interface FrontmatterYaml {
  document: Document.Parsed;
  /** Offset in the note of the YAML text's first character (node ranges are relative to it). */
  offset: number;
}

const CLOSING_FENCE = '---';

/**
 * Parses the frontmatter between the `---` fences that `cache.frontmatterPosition` spans.
 * Returns null when the note has no frontmatter, or when its YAML has errors: callers then
 * leave the frontmatter bytes alone rather than guess.
 */
export function readFrontmatterYaml(text: string, cache: CachedMetadata): FrontmatterYaml | null {
  const position = cache.frontmatterPosition;
  if (position === undefined) return null;
  const closeStart = position.end.offset - CLOSING_FENCE.length;
  const offset = text.indexOf('\n') + 1;
  if (offset === 0 || offset > closeStart || text.slice(closeStart, position.end.offset) !== CLOSING_FENCE) return null;
  const document = parseYamlDocument(text.slice(offset, closeStart), { keepSourceTokens: false });
  return document.errors.length === 0 ? { document, offset } : null;
}

/** The value node of the top-level frontmatter key named exactly `key`, or undefined. */
export function findTopLevelValue(frontmatter: FrontmatterYaml, key: string): Node | undefined {
  const contents = frontmatter.document.contents;
  if (!isMap(contents)) return undefined;
  const pair = (contents.items as Pair[]).find((item) => keyName(item) === key);
  return (pair?.value ?? undefined) as Node | undefined;
}

function keyName(pair: Pair): unknown {
  const key: unknown = pair.key;
  return typeof key === 'object' && key !== null && 'value' in key ? key.value : key;
}
