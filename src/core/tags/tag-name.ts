/**
 * Tag names as Obsidian accepts them: letters, digits, `_`, `-`, `/` for nesting, and other
 * Unicode letters, marks, symbols and emoji; no spaces or other punctuation; at least one
 * character that is not a digit (`#1984` is not a tag, `#y1984` is).
 */

// The zero-width joiner that glues emoji sequences sits outside the class (lint: misleading class).
const TAG_CHARACTERS = /^(?:[\p{L}\p{M}\p{N}\p{So}\p{Extended_Pictographic}\p{Emoji_Modifier}_\-/]|\u200d)+$/u;
const NOT_A_DIGIT_OR_SLASH = /[^0-9/]/;

/** Strips outer whitespace and one leading `#`: `" #Project/a "` gives `"Project/a"`. */
export function normalizeTag(tag: string): string {
  const trimmed = tag.trim();
  return (trimmed.startsWith('#') ? trimmed.slice(1) : trimmed).trim();
}

/**
 * True when `name` (without `#`) is a tag name Obsidian would index: allowed characters only,
 * at least one that is neither a digit nor `/`, and no leading, trailing or doubled `/`.
 */
export function isValidTagName(name: string): boolean {
  if (!TAG_CHARACTERS.test(name) || !NOT_A_DIGIT_OR_SLASH.test(name)) return false;
  return !name.startsWith('/') && !name.endsWith('/') && !name.includes('//');
}
