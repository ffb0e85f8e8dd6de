import { normalizeWord } from '../text/normalize-word';
import { scanWords, SpanKind } from '../text/scan-words';

/** Characters of context a snippet shows. */
export const SNIPPET_LENGTH = 200;
const LEAD = 40;

/** A span of matched text, `end` exclusive. */
interface Span {
  start: number;
  end: number;
  term: string;
}

/**
 * A one-line excerpt of `text` around the densest cluster of `terms` (index terms, as the query
 * resolved them), with every matched word wrapped in `**…**`, runs of white space collapsed, and
 * `…` where text was cut. Without a match it is the start of the text.
 */
export function buildSnippet(text: string, terms: ReadonlySet<string>): string {
  const spans = mergeSpans(findMatches(text, terms));
  const start = windowStart(text, spans);
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  const shown = spans.filter((span) => span.start >= start && span.end <= end);
  let snippet = '';
  let at = start;
  for (const span of shown) {
    snippet += `${collapse(text.slice(at, span.start))}**${collapse(text.slice(span.start, span.end))}**`;
    at = span.end;
  }
  snippet += collapse(text.slice(at, end));
  return `${start > 0 ? '…' : ''}${snippet.trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The spans of `text` whose terms are in `terms`. Only words whose first letter (lower-cased)
 * starts some term are normalised: stemming keeps a word's start, so the rest cannot match.
 */
function findMatches(text: string, terms: ReadonlySet<string>): Span[] {
  const spans: Span[] = [];
  if (terms.size === 0) return spans;
  const initials = new Set([...terms].map((term) => term.charCodeAt(0)));
  scanWords(text, (start, end, kind) => {
    const initial = text.charCodeAt(start);
    if (kind !== SpanKind.IDEOGRAPHS && initial < 0x80 && !initials.has(initial | (initial >= 0x41 && initial <= 0x5a ? 0x20 : 0))) return;
    const span = text.slice(start, end);
    const term = kind === SpanKind.IDEOGRAPHS ? span : normalizeWord(span, kind === SpanKind.ASCII_LOWER_WORD);
    if (term !== null && terms.has(term)) spans.push({ start, end, term });
  });
  return spans;
}

/** Overlapping spans (bigrams of ideographs) become one. */
function mergeSpans(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Where the window starts: at the text's start when the richest cluster of matches fits from
 * there, else a little before that cluster, at a word break.
 */
function windowStart(text: string, spans: readonly Span[]): number {
  let best: Span[] = [];
  let bestScore = 0;
  spans.forEach((span, index) => {
    const inside = spans.slice(index).filter((other) => other.end <= span.start + SNIPPET_LENGTH - LEAD);
    const score = new Set(inside.map((other) => other.term)).size * 100 + inside.length;
    if (score > bestScore) [best, bestScore] = [inside, score];
  });
  const first = best[0];
  const last = best[best.length - 1];
  if (first === undefined || last === undefined || last.end <= SNIPPET_LENGTH) return 0;
  const space = text.lastIndexOf(' ', first.start - LEAD);
  return space >= first.start - 2 * LEAD ? space + 1 : Math.max(0, first.start - LEAD);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}
