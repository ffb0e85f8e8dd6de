import type { CachedMetadata, FrontMatterCache } from './types';
import { isValidTagName } from './tag-syntax';

/**
 * All tags of a note as Obsidian's `getAllTags` gives them: frontmatter tags first (with `#`),
 * then body tags in document order, duplicates kept. The captures show an empty array, never
 * null, for a note without tags; null is returned only when there is no cache at all.
 */
export function getAllTags(cache: CachedMetadata | null | undefined): string[] | null {
  if (cache === null || cache === undefined) return null;
  const frontmatterTags = parseFrontMatterTags(cache.frontmatter) ?? [];
  return [...frontmatterTags, ...(cache.tags ?? []).map((tag) => tag.tag)];
}

/**
 * The `tags` property as Obsidian (1.9.4 and later) reads it: null when absent or empty
 * (`tags:`); a list gives each valid entry with `#` prepended (a leading `#` is not doubled);
 * a single string gives itself when it is one valid tag, else nothing, so the comma-separated
 * `tags: a, b` gives `[]`. Only the lower-case `tags` key counts (`TAG:` and `tag:` do not).
 */
export function parseFrontMatterTags(frontmatter: FrontMatterCache | null | undefined): string[] | null {
  const value = frontmatter?.tags;
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.flatMap((item: unknown) => toTag(item));
  return toTag(value);
}

/** One frontmatter tag value as `[#tag]`, or `[]` when it is not a valid tag. */
function toTag(value: unknown): string[] {
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const text = String(value).trim();
  const name = text.startsWith('#') ? text.slice(1) : text;
  return isValidTagName(name) ? [`#${name}`] : [];
}

/**
 * The `aliases` property: null when absent or empty; a list gives its non-empty entries as
 * strings; a single string gives itself (assumption: Obsidian no longer splits it at commas).
 */
export function parseFrontMatterAliases(frontmatter: FrontMatterCache | null | undefined): string[] | null {
  const value = frontmatter?.aliases;
  if (value === undefined || value === null) return null;
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (typeof item !== 'string' && typeof item !== 'number') return [];
    const text = String(item).trim();
    return text === '' ? [] : [text];
  });
}
