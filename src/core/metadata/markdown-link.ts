import { isWhitespace } from './tag-syntax';

/** The destination of an inline markdown link and the index just past its `)`. */
export interface LinkDestination {
  raw: string;
  end: number;
}

/** ASCII punctuation: what a backslash can escape. */
const ESCAPABLE = new Set(Array.from('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', (char) => char.charCodeAt(0)));

/** True when a backslash before this code unit escapes it. */
export function isEscapable(code: number): boolean {
  return ESCAPABLE.has(code);
}

/** True for a destination with a URL scheme (`https:`, `mailto:`, `obsidian:`): not a note link. */
export function isExternalDestination(raw: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(raw);
}

/** The link target Obsidian records: backslash escapes removed, then URL-decoded when valid. */
export function decodeDestination(raw: string): string {
  const unescaped = raw.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

/**
 * Parses `dest "title")` starting just after `](`: a `<…>` destination or one without spaces
 * and with balanced parentheses, an optional title, then `)`. Returns null when it is no link.
 */
export function parseLinkDestination(text: string, from: number): LinkDestination | null {
  let index = skipSpaces(text, from);
  let raw: string;
  if (text.charCodeAt(index) === 60) {
    const close = angleDestinationEnd(text, index + 1);
    if (close === -1) return null;
    raw = text.slice(index + 1, close);
    index = close + 1;
  } else {
    const end = bareDestinationEnd(text, index);
    if (end === -1) return null;
    raw = text.slice(index, end);
    index = end;
  }
  index = skipTitle(text, skipSpaces(text, index));
  if (index === -1) return null;
  index = skipSpaces(text, index);
  return text.charCodeAt(index) === 41 ? { raw, end: index + 1 } : null;
}

/** Skips spaces, tabs and at most one line break. */
function skipSpaces(text: string, from: number): number {
  let index = from;
  let newlines = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 10) newlines += 1;
    else if (code !== 32 && code !== 9) break;
    if (newlines > 1) break;
    index += 1;
  }
  return index;
}

/** The index of the `>` closing a `<…>` destination, or -1. */
function angleDestinationEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92) index += 1;
    else if (code === 62) return index;
    else if (code === 60 || code === 10) return -1;
  }
  return -1;
}

/** CommonMark's limit on nested parentheses in a destination; it also bounds failed scans. */
const MAX_PARENTHESIS_DEPTH = 32;

/** The end of a destination without `<>`: stops at whitespace or an unbalanced `)`. */
function bareDestinationEnd(text: string, from: number): number {
  let depth = 0;
  let index = from;
  for (; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92 && isEscapable(text.charCodeAt(index + 1))) index += 1;
    else if (code === 40) {
      depth += 1;
      if (depth > MAX_PARENTHESIS_DEPTH) return -1;
    } else if (code === 41) {
      if (depth === 0) break;
      depth -= 1;
    } else if (code < 32 || isWhitespace(code)) break;
  }
  return depth === 0 ? index : -1;
}

/** Skips an optional `"title"`, `'title'` or `(title)`; -1 when one opens but never closes. */
function skipTitle(text: string, from: number): number {
  const open = text.charAt(from);
  const close = open === '"' ? '"' : open === "'" ? "'" : open === '(' ? ')' : '';
  if (close === '' || from === 0 || !isWhitespace(text.charCodeAt(from - 1))) return from;
  for (let index = from + 1; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '\\') index += 1;
    else if (char === close) return index + 1;
  }
  return -1;
}
