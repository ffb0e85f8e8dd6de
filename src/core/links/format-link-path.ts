import type { LinkPathSpan } from './locate-link-path';

// Characters that end or corrupt a bare markdown destination, or that the decoder would read as
// an escape (`%`, and `\` before punctuation): written as percent escapes, the way Obsidian
// writes spaces (`%20`).
const UNSAFE_IN_DESTINATION = /[%\s<>#\\]/gu;
// Inside `<…>` only these matter: `>` and a line break end it, and `%` is still URL-decoded.
const UNSAFE_IN_ANGLE_DESTINATION = /[%<>\n\r]/gu;
const PARENTHESES = /[()]/gu;

/**
 * Writes a vault path the way the link it replaces was written. Wikilinks take the path as is;
 * a markdown destination is percent-encoded where the parser would otherwise misread it (in
 * angle brackets only `%`, `<`, `>` and line breaks; bare, also whitespace, `#`, `\`, and
 * parentheses when they are unbalanced). The result is a candidate: the caller checks it by
 * reading the whole link back.
 */
export function formatLinkPath(path: string, span: LinkPathSpan): string {
  if (span.style === 'wikilink') return path;
  if (span.angle) return path.replace(UNSAFE_IN_ANGLE_DESTINATION, percentEncode);
  const encoded = path.replace(UNSAFE_IN_DESTINATION, percentEncode);
  return hasBalancedParentheses(encoded) ? encoded : encoded.replace(PARENTHESES, percentEncode);
}

// encodeURIComponent leaves parentheses as they are, so they are encoded by hand (`%28`, `%29`).
function percentEncode(character: string): string {
  if (character === '(' || character === ')') return `%${character.charCodeAt(0).toString(16)}`;
  return encodeURIComponent(character);
}

/** True when a bare destination keeps every parenthesis: none closes before it opens, all close. */
function hasBalancedParentheses(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}
