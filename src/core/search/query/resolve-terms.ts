import type { TermDictionary } from '../index/term-dictionary';
import type { QueryToken } from './analyze-query';
import type { WeightedTerm } from './score-query';
import { isWithinOneEdit } from './within-one-edit';

/** Options that widen a query; both off by default (they cost ranking quality and time). */
export interface ExpansionOptions {
  /** Also match index terms starting with a query word (`kube` → `kubernetes`). */
  prefix?: boolean;
  /** Also match index terms one edit away from a query word (`kubernets` → `kubernetes`). */
  fuzzy?: boolean;
}

/** Weight of a term reached by prefix or typo expansion rather than typed. */
export const EXPANSION_WEIGHT = 0.5;
const MAX_PREFIX_TERMS = 50;
const MAX_FUZZY_TERMS = 20;
const MIN_PREFIX_LENGTH = 2;
const MIN_FUZZY_LENGTH = 4;
/**
 * Query words expanded at most: each expansion scans the whole vocabulary (hundreds of
 * thousands of terms at 100k notes), so a long pasted query with prefix or fuzzy on would hold
 * the thread for seconds. Words past this count are matched as typed.
 */
export const MAX_EXPANDED_WORDS = 8;

/**
 * Maps query tokens to weighted index terms: each typed term once per occurrence (weight 1
 * each), plus, when asked, prefix and one-edit expansions at {@link EXPANSION_WEIGHT} of the
 * first {@link MAX_EXPANDED_WORDS} distinct words. Terms the index has never seen are dropped.
 */
export function resolveTerms(dictionary: TermDictionary, tokens: readonly QueryToken[], options: ExpansionOptions = {}): WeightedTerm[] {
  const weights = new Map<number, number>();
  for (const token of tokens) {
    const id = dictionary.idOf(token.term);
    if (id >= 0) weights.set(id, (weights.get(id) ?? 0) + 1);
  }
  for (const token of distinctWords(tokens).slice(0, MAX_EXPANDED_WORDS)) {
    for (const id of expansionsOf(dictionary, token, options)) if (!weights.has(id)) weights.set(id, EXPANSION_WEIGHT);
  }
  return [...weights].map(([id, weight]) => ({ id, weight }));
}

function expansionsOf(dictionary: TermDictionary, token: QueryToken, options: ExpansionOptions): number[] {
  const wantPrefix = options.prefix === true && token.word.length >= MIN_PREFIX_LENGTH;
  const wantFuzzy = options.fuzzy === true && token.word.length >= MIN_FUZZY_LENGTH;
  if (!wantPrefix && !wantFuzzy) return [];
  const prefixed: string[] = [];
  const fuzzy: string[] = [];
  for (const term of dictionary.all()) {
    if (wantPrefix && (term.startsWith(token.word) || term.startsWith(token.term))) prefixed.push(term);
    else if (wantFuzzy && (isWithinOneEdit(term, token.term) || isWithinOneEdit(term, token.word))) fuzzy.push(term);
  }
  return [...closest(prefixed, MAX_PREFIX_TERMS), ...closest(fuzzy, MAX_FUZZY_TERMS)].map((term) => dictionary.idOf(term));
}

function distinctWords(tokens: readonly QueryToken[]): QueryToken[] {
  const seen = new Set<string>();
  return tokens.filter((token) => !seen.has(token.term) && Boolean(seen.add(token.term)));
}

/** The `limit` shortest terms (closest to what was typed), ties in code-unit order. */
function closest(terms: string[], limit: number): string[] {
  return terms.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
}
