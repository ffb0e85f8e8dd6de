/**
 * Obsidian's tag characters: anything except whitespace, the General and Supplemental
 * Punctuation blocks and ASCII punctuation other than `_`, `-` and `/` (the pattern in
 * Obsidian's app.js, quoted in obsidianmd/obsidian-help#816). Letters, digits, emoji and other
 * symbols are allowed. A tag must hold at least one character that is not a digit (`#1984` is no
 * tag, `#y1984` is).
 */

const EXCLUDED_ASCII = new Set(Array.from('\'!"#$%&()*+,.:;<=>?@^`{|}~[]\\', (char) => char.charCodeAt(0)));

/** True for the whitespace characters JavaScript's `\s` matches. */
export function isWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0x80) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True when the UTF-16 code unit may appear in a tag name. */
export function isTagCharacter(code: number): boolean {
  if (code < 0x80) return code > 32 && code !== 127 && !EXCLUDED_ASCII.has(code);
  if (isWhitespace(code)) return false;
  return !((code >= 0x2000 && code <= 0x206f) || (code >= 0x2e00 && code <= 0x2e7f));
}

/** The end of the tag name starting at `from` (exclusive), or -1 when it is no valid tag. */
export function tagNameEnd(text: string, from: number): number {
  let index = from;
  let hasNonDigit = false;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (!isTagCharacter(code)) break;
    if (code < 48 || code > 57) hasNonDigit = true;
    index += 1;
  }
  return index > from && hasNonDigit ? index : -1;
}

/** True when `value` (without `#`) is a whole valid tag name. */
export function isValidTagName(value: string): boolean {
  return value.length > 0 && tagNameEnd(value, 0) === value.length;
}
