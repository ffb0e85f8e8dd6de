import { createForwardSearch } from './forward-search';
import type { InlineFindings } from './inline-findings';
import { type InlineSpans, findInlineSpans, skipBackticks } from './inline-spans';
import { type InlineText, toSourceOffset } from './inline-text';
import { decodeDestination, isEscapable, isExternalDestination, parseLinkDestination } from './markdown-link';
import { isWhitespace, tagNameEnd } from './tag-syntax';
import { parseWikilinkInner } from './wikilink';

/**
 * Finds links, embeds, tags and footnote references in the inline text of one block, the way
 * Obsidian indexes them: nothing inside code spans, HTML comments, inline HTML tags, inline math
 * or link destinations; `%%` comment markers are skipped but their content is indexed. A `#`
 * starts a tag at the start of the text, after whitespace, or right after another construct
 * (an escape, a tag, a link, code, HTML, an emphasis delimiter): `\[\[#Escaped` holds the tag
 * `#Escaped`, `foo#bar` holds none. External URLs are not links.
 */
export function scanInlineText(inline: InlineText, findings: InlineFindings): void {
  scanRange(createScanState(inline, findings), 0, inline.text.length, true);
}

/** What the scan of one inline text shares; searches and spans are made on first use. */
interface ScanState {
  text: string;
  inline: InlineText;
  findings: InlineFindings;
  spans: InlineSpans | null;
  searches: Map<string, (from: number) => number>;
  /** A range known to hold no closing `$` for inline math. */
  mathExhausted: { from: number; to: number };
}

/** Characters that can start a construct; everything else is skipped in a tight loop. */
const SPECIAL = new Uint8Array(128);
for (const char of '\\`<%$![#') SPECIAL[char.charCodeAt(0)] = 1;

const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/y;
const NO_MATCH = -1;

/** A fresh scan state. */
function createScanState(inline: InlineText, findings: InlineFindings): ScanState {
  return { text: inline.text, inline, findings, spans: null, searches: new Map(), mathExhausted: { from: -1, to: -1 } };
}

/** The next `needle` at or after `from` (a cached forward search per needle). */
function nextIndexOf(state: ScanState, needle: string, from: number): number {
  let search = state.searches.get(needle);
  if (search === undefined) {
    search = createForwardSearch(state.text, needle);
    state.searches.set(needle, search);
  }
  return search(from);
}

/** Code spans and bracket pairs, found on first use. */
function spansOf(state: ScanState): InlineSpans {
  state.spans ??= findInlineSpans(state.text);
  return state.spans;
}

/** Scans `text[from, to)`; inside a markdown link's text, links are off. */
function scanRange(state: ScanState, from: number, to: number, allowLinks: boolean): void {
  const text = state.text;
  let index = from;
  let constructEnd = from;
  while (index < to) {
    const code = text.charCodeAt(index);
    if (code >= 128 || SPECIAL[code] === 0) {
      index += 1;
      continue;
    }
    const fresh = index === constructEnd || isTagBoundary(text, index);
    const end = scanAt(state, index, allowLinks, fresh);
    if (end > index) {
      index = end;
      constructEnd = end;
    } else {
      index += 1;
    }
  }
}

/** True when the character before `index` lets a tag start: whitespace or an emphasis mark. */
function isTagBoundary(text: string, index: number): boolean {
  if (index === 0) return true;
  const previous = text.charCodeAt(index - 1);
  return isWhitespace(previous) || previous === 42 || previous === 95 || previous === 61 || previous === 126;
}

/** The end of the construct starting at `index`, or NO_MATCH. */
function scanAt(state: ScanState, index: number, allowLinks: boolean, fresh: boolean): number {
  const text = state.text;
  switch (text.charCodeAt(index)) {
    case 92:
      return isEscapable(text.charCodeAt(index + 1)) ? index + 2 : NO_MATCH;
    case 96:
      return skipBackticks(text, index, spansOf(state).codeSpanEnd);
    case 60:
      return htmlEnd(state, index);
    case 37:
      return text.charCodeAt(index + 1) === 37 ? index + 2 : NO_MATCH;
    case 36:
      return mathEnd(state, index);
    case 33:
      return allowLinks && text.charCodeAt(index + 1) === 91 ? embedAt(state, index) : NO_MATCH;
    case 91:
      return bracketAt(state, index, allowLinks);
    case 35:
      return fresh ? tagAt(state, index) : NO_MATCH;
    default:
      return NO_MATCH;
  }
}

/** An HTML comment, autolink or inline tag: skipped whole. */
function htmlEnd(state: ScanState, index: number): number {
  const text = state.text;
  if (text.startsWith('<!--', index)) {
    const close = nextIndexOf(state, '-->', index + 4);
    return close === -1 ? NO_MATCH : close + 3;
  }
  for (const pattern of [AUTOLINK, HTML_TAG]) {
    pattern.lastIndex = index;
    if (pattern.test(text)) return pattern.lastIndex;
  }
  return NO_MATCH;
}

/** Inline math `$…$` (no space inside the dollars, no digit after) or `$$…$$`: skipped whole. */
function mathEnd(state: ScanState, index: number): number {
  const text = state.text;
  if (text.charCodeAt(index + 1) === 36) {
    const close = nextIndexOf(state, '$$', index + 2);
    return close === -1 ? NO_MATCH : close + 2;
  }
  const first = text.charCodeAt(index + 1);
  if (Number.isNaN(first) || isWhitespace(first)) return NO_MATCH;
  if (index >= state.mathExhausted.from && index < state.mathExhausted.to) return NO_MATCH;
  const newline = nextIndexOf(state, '\n', index + 1);
  const lineEnd = newline === -1 ? text.length : newline;
  for (let candidate = text.indexOf('$', index + 2); candidate !== -1 && candidate < lineEnd; candidate = text.indexOf('$', candidate + 1)) {
    const before = text.charCodeAt(candidate - 1);
    const after = text.charCodeAt(candidate + 1);
    if (!isWhitespace(before) && before !== 92 && !(after >= 48 && after <= 57)) return candidate + 1;
  }
  state.mathExhausted = { from: index, to: lineEnd };
  return NO_MATCH;
}

/** `![[…]]` or `![…](…)`. */
function embedAt(state: ScanState, index: number): number {
  if (state.text.charCodeAt(index + 2) === 91) return wikilinkAt(state, index + 1, true);
  return markdownLinkAt(state, index + 1, true);
}

/** `[[…]]`, `[^id]` or `[…](…)` at a `[`. */
function bracketAt(state: ScanState, index: number, allowLinks: boolean): number {
  const text = state.text;
  if (allowLinks && text.charCodeAt(index + 1) === 91) {
    const end = wikilinkAt(state, index, false);
    if (end !== NO_MATCH) return end;
  }
  if (text.charCodeAt(index + 1) === 94) {
    const end = footnoteRefAt(state, index);
    if (end !== NO_MATCH) return end;
  }
  return allowLinks ? markdownLinkAt(state, index, false) : NO_MATCH;
}

/** A wikilink: `[[` to the first `]]` on the same line, not empty, with no `[[` inside. */
function wikilinkAt(state: ScanState, open: number, embed: boolean): number {
  const close = nextIndexOf(state, ']]', open + 2);
  if (close === -1 || close === open + 2) return NO_MATCH;
  const newline = nextIndexOf(state, '\n', open + 2);
  const nested = nextIndexOf(state, '[[', open + 2);
  if ((newline !== -1 && newline < close) || (nested !== -1 && nested < close)) return NO_MATCH;
  const { link, displayText } = parseWikilinkInner(state.text.slice(open + 2, close));
  recordReference(state, embed, link, displayText, embed ? open - 1 : open, close + 2);
  return close + 2;
}

/** An inline markdown link or image; its text is scanned for tags, its destination is not. */
function markdownLinkAt(state: ScanState, open: number, embed: boolean): number {
  const text = state.text;
  const close = spansOf(state).closingBracket.get(open) ?? -1;
  if (close === -1 || text.charCodeAt(close + 1) !== 40) return NO_MATCH;
  const destination = parseLinkDestination(text, close + 2);
  if (destination === null || destination.raw === '') return NO_MATCH;
  if (!isExternalDestination(destination.raw)) {
    const displayText = text.slice(open + 1, close);
    recordReference(state, embed, decodeDestination(destination.raw), displayText, embed ? open - 1 : open, destination.end);
  }
  if (!embed) scanRange(state, open + 1, close, false);
  return destination.end;
}

/** A footnote reference `[^id]`. */
function footnoteRefAt(state: ScanState, open: number): number {
  const text = state.text;
  let index = open + 2;
  while (index < text.length && text.charCodeAt(index) !== 93) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code) || code === 91) return NO_MATCH;
    index += 1;
  }
  if (index === open + 2 || index >= text.length) return NO_MATCH;
  const inline = state.inline;
  state.findings.footnoteRefs.push({
    id: text.slice(open + 2, index),
    start: toSourceOffset(inline, open),
    end: toSourceOffset(inline, index + 1),
  });
  return index + 1;
}

/** A tag `#name`. */
function tagAt(state: ScanState, index: number): number {
  const end = tagNameEnd(state.text, index + 1);
  if (end === -1) return NO_MATCH;
  const inline = state.inline;
  state.findings.tags.push({
    tag: state.text.slice(index, end),
    start: toSourceOffset(inline, index),
    end: toSourceOffset(inline, end),
  });
  return end;
}

/** Adds a link or embed with note offsets. */
function recordReference(state: ScanState, embed: boolean, link: string, displayText: string, start: number, end: number): void {
  state.findings.references.push({
    embed,
    link,
    displayText,
    start: toSourceOffset(state.inline, start),
    end: toSourceOffset(state.inline, end),
  });
}
