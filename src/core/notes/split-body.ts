import type { CachedMetadata } from '../metadata/types';

/** The markdown after the frontmatter block (and its line break), or the whole text. */
export function bodyOf(text: string, cache: CachedMetadata): string {
  const end = cache.frontmatterPosition?.end.offset;
  if (end === undefined) return text;
  const rest = text.slice(end);
  return rest.replace(/^\r?\n/, '');
}
