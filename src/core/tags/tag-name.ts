import { isValidTagName as isParserTagName } from '../metadata/tag-syntax';

/** Strips outer whitespace and one leading `#`: `" #Project/a "` gives `"Project/a"`. */
export function normalizeTag(tag: string): string {
  const trimmed = tag.trim();
  return (trimmed.startsWith('#') ? trimmed.slice(1) : trimmed).trim();
}

/**
 * True when `name` (without `#`) is a whole tag name as the metadata parser (and so Obsidian)
 * reads it: any characters except whitespace, ASCII punctuation other than `_`, `-`, `/`, and the
 * General and Supplemental Punctuation blocks, with at least one non-digit. It defers to the
 * parser's rule so that every tag `tag_list` reports can also be renamed, and no rename writes a
 * tag the parser would cut short.
 */
export function isValidTagName(name: string): boolean {
  return isParserTagName(name);
}
