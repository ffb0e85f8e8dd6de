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
  const start = afterSurrogatePair(text, windowStart(text, spans));
  const end = beforeSurrogatePair(text, Math.min(text.length, start + SNIPPET_LENGTH));
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
 * there, else a little before that cluster, at a word break. One pass with two pointers (the
 * spans are sorted and disjoint), so a section dense with matches costs linear time.
 */
function windowStart(text: string, spans: readonly Span[]): number {
  const cluster = richestCluster(spans);
  if (cluster === null || cluster.last.end <= SNIPPET_LENGTH) return 0;
  const space = text.lastIndexOf(' ', cluster.first.start - LEAD);
  return space >= cluster.first.start - 2 * LEAD ? space + 1 : Math.max(0, cluster.first.start - LEAD);
}

/** The run of spans fitting in one window with the most distinct terms, then the most spans. */
function richestCluster(spans: readonly Span[]): { first: Span; last: Span } | null {
  const counts = new Map<string, number>();
  let best: { first: Span; last: Span } | null = null;
  let bestScore = 0;
  let next = 0;
  for (let index = 0; index < spans.length; index += 1) {
    const first = spans[index] as Span;
    if (next < index) {
      next = index;
      counts.clear();
    }
    while (next < spans.length && (spans[next] as Span).end <= first.start + SNIPPET_LENGTH - LEAD) addCount(counts, (spans[next++] as Span).term, 1);
    const score = counts.size * 100 + (next - index);
    if (next > index && score > bestScore) [best, bestScore] = [{ first, last: spans[next - 1] as Span }, score];
    if (next > index) addCount(counts, first.term, -1);
  }
  return best;
}

function addCount(counts: Map<string, number>, term: string, change: number): void {
  const count = (counts.get(term) ?? 0) + change;
  if (count === 0) counts.delete(term);
  else counts.set(term, count);
}

/** `at`, moved past the second half of a surrogate pair, so a cut never splits a character. */
function afterSurrogatePair(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff && at > 0 ? at + 1 : at;
}

/** `at` (an exclusive end), moved before the first half of a surrogate pair it would split. */
function beforeSurrogatePair(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff && at < text.length ? at - 1 : at;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}
