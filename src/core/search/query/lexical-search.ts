import { fieldNamesOf, type FieldName } from '../index/fields';
import type { LexicalIndex } from '../index/lexical-index';
import { analyzeQuery } from './analyze-query';
import type { Bm25Parameters } from './bm25-parameters';
import { resolveTerms, type ExpansionOptions } from './resolve-terms';
import { scoreQuery } from './score-query';
import type { ScoringScratch } from './scoring-scratch';
import { selectTop } from './select-top';

/** A lexical query against the index. */
export interface LexicalQuery extends ExpansionOptions {
  text: string;
  /** Notes this accepts are kept (tag and path filters); all when absent. */
  accept?: (noteId: number) => boolean;
  /** Minimum 0–1 score. */
  minScore?: number;
  offset: number;
  limit: number;
}

/** A note a lexical query found. */
export interface LexicalHit {
  noteId: number;
  path: string;
  /** 0–1: the share of the best score the query's terms could reach. */
  score: number;
  chunkId: number;
  matchedIn: FieldName[];
}

/** A page of lexical hits, the number of notes matching in all, and the index terms matched. */
export interface LexicalPage {
  hits: LexicalHit[];
  total: number;
  terms: string[];
}

/**
 * Runs a BM25F query: analyses the text like notes, resolves terms (with prefix and typo
 * expansion only when asked), scores, filters and returns the page `[offset, offset + limit)`
 * ranked by score, then path.
 */
export function searchLexical(index: LexicalIndex, query: LexicalQuery, parameters: Bm25Parameters, scratch: ScoringScratch): LexicalPage {
  const terms = resolveTerms(index.terms, analyzeQuery(query.text), query);
  const scored = scoreQuery(index, terms, parameters, scratch);
  const bound = scored.bound > 0 ? scored.bound : 1;
  const minimum = (query.minScore ?? 0) * bound;
  const kept: number[] = [];
  for (let position = 0; position < scored.count; position += 1) {
    if ((scored.scores[position] ?? 0) >= minimum && (query.accept?.(scored.notes[position] ?? 0) ?? true)) kept.push(position);
  }
  const paths = index.notes.paths;
  const pathAt = (position: number): string => paths[scored.notes[position] ?? 0] ?? '';
  const better = (a: number, b: number): boolean => {
    const difference = (scored.scores[a] ?? 0) - (scored.scores[b] ?? 0);
    return difference !== 0 ? difference > 0 : pathAt(a) < pathAt(b);
  };
  const page = selectTop(kept, query.offset + query.limit, better).slice(query.offset);
  const hits = page.map((position) => ({
    noteId: scored.notes[position] ?? 0,
    path: pathAt(position),
    score: Math.min(1, (scored.scores[position] ?? 0) / bound),
    chunkId: scored.bestChunks[position] ?? 0,
    matchedIn: fieldNamesOf(scored.masks[position] ?? 0),
  }));
  return { hits, total: kept.length, terms: terms.map((term) => index.terms.termOf(term.id)) };
}
