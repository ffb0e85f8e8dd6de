/**
 * The length of a leading byte order mark (U+FEFF) in `text`: 1 when the text starts with one,
 * else 0. Editors on Windows write it in front of UTF-8 files; it is invisible and is no part of
 * the first line's content, so `---` frontmatter or a `# heading` after it still count. Positions
 * keep counting the raw text, so the mark shifts line 0's columns and every offset by one.
 */
export function byteOrderMarkLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}
