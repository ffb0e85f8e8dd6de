import { parseLinkDestination } from '../metadata/markdown-link';

/** Where the target path of one written link sits inside its `original` text. */
export interface LinkPathSpan {
  /** `wikilink` for `[[...]]` / `![[...]]`, `markdown` for `[text](...)` / `![alt](...)`. */
  style: 'wikilink' | 'markdown';
  /** Offset of the path's first character within `original`. */
  start: number;
  /** Offset just after the path (before any `#subpath`, `|alias`, `>` or title). */
  end: number;
  /** True for a markdown destination written in angle brackets: `[t](<a b.md>)`. */
  angle: boolean;
}

const WIKILINK_OPEN = /^!?\[\[/;
const MARKDOWN_OPEN = /^!?\[/;

/**
 * Finds the path part of a link as written, so that a rewrite can replace exactly those bytes
 * and keep the embed mark, subpath, alias, display text and title around them. Returns null
 * when `original` is not a link this module knows how to edit.
 */
export function locateLinkPath(original: string): LinkPathSpan | null {
  const wikilink = WIKILINK_OPEN.exec(original);
  if (wikilink !== null) return locateWikilinkPath(original, wikilink[0].length);
  const markdown = MARKDOWN_OPEN.exec(original);
  if (markdown !== null) return locateMarkdownPath(original, markdown[0].length);
  return null;
}

function locateWikilinkPath(original: string, innerStart: number): LinkPathSpan | null {
  if (!original.endsWith(']]')) return null;
  const inner = original.slice(innerStart, original.length - 2);
  let linktextEnd = inner.indexOf('|');
  if (linktextEnd === -1) linktextEnd = inner.length;
  // Inside tables the alias separator is written `\|`; the backslash is not part of the path.
  else if (inner[linktextEnd - 1] === '\\') linktextEnd -= 1;
  const hash = inner.indexOf('#');
  const pathEnd = hash !== -1 && hash < linktextEnd ? hash : linktextEnd;
  return trimmedSpan('wikilink', original, innerStart, innerStart + pathEnd, false);
}

function locateMarkdownPath(original: string, textStart: number): LinkPathSpan | null {
  const textEnd = findClosingBracket(original, textStart);
  if (textEnd === -1 || original[textEnd + 1] !== '(') return null;
  // The parser's own destination reader decides where the destination ends (title, `<…>`, parentheses).
  const destination = parseLinkDestination(original, textEnd + 2);
  if (destination === null) return null;
  let start = textEnd + 2;
  while (isSpace(original[start])) start += 1;
  const angle = original[start] === '<';
  if (angle) start += 1;
  if (!original.startsWith(destination.raw, start)) return null;
  const hash = destination.raw.indexOf('#');
  return trimmedSpan('markdown', original, start, start + (hash === -1 ? destination.raw.length : hash), angle);
}

function findClosingBracket(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\') index += 1;
    else if (character === '[') depth += 1;
    else if (character === ']' && depth === 0) return index;
    else if (character === ']') depth -= 1;
  }
  return -1;
}

function trimmedSpan(style: LinkPathSpan['style'], text: string, start: number, end: number, angle: boolean): LinkPathSpan {
  let first = start;
  let last = end;
  while (first < last && isSpace(text[first])) first += 1;
  while (last > first && isSpace(text[last - 1])) last -= 1;
  return { style, start: first, end: last, angle };
}

function isSpace(character: string | undefined): boolean {
  return character === ' ' || character === '\t' || character === '\n' || character === '\r';
}
