import { getAllTags } from '../metadata/tags';
import type { CachedMetadata } from '../metadata/types';

/**
 * A note's tags without `#`, frontmatter first, duplicates removed case-insensitively (the
 * first casing seen wins, as in Obsidian's tag pane).
 */
export function noteTags(cache: CachedMetadata): string[] {
  const seen = new Map<string, string>();
  for (const tag of getAllTags(cache) ?? []) {
    const name = tag.replace(/^#/, '');
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** Strips a leading `#` and surrounding space from a tag query. */
export function toTagName(tag: string): string {
  return tag.trim().replace(/^#/, '');
}

/** True when `tag` is `query` or nested below it (`a/b` matches `a`), ignoring case. */
export function tagMatches(tag: string, query: string): boolean {
  const a = tag.toLowerCase();
  const b = toTagName(query).toLowerCase();
  return a === b || a.startsWith(`${b}/`);
}
