import { isWhitespace } from './tag-syntax';

/**
 * The block id at the end of a block's text: a caret and Latin letters, digits or dashes,
 * after whitespace (or alone), followed only by whitespace (`text ^my-id`). Null when absent.
 */
export function trailingBlockId(text: string): string | null {
  let end = text.length;
  while (end > 0 && isWhitespace(text.charCodeAt(end - 1))) end -= 1;
  let start = end;
  while (start > 0 && isBlockIdCharacter(text.charCodeAt(start - 1))) start -= 1;
  if (start === end || start === 0 || text.charCodeAt(start - 1) !== 94) return null;
  const caret = start - 1;
  if (caret > 0 && !isWhitespace(text.charCodeAt(caret - 1))) return null;
  return text.slice(start, end);
}

/** True for `A-Z`, `a-z`, `0-9` and `-`. */
function isBlockIdCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45;
}
