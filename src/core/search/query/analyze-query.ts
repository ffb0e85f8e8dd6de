import { foldWord } from '../text/normalize-word';
import { tokenize } from '../text/tokenize';

/** One term of a query: its index form and the word as typed (lower-cased, unstemmed). */
export interface QueryToken {
  term: string;
  word: string;
}

/** Splits a query into terms the way notes are indexed (stop words dropped, words stemmed). */
export function analyzeQuery(query: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  tokenize(query, (term, start, end) => tokens.push({ term, word: foldWord(query.slice(start, end)) }), 'query');
  return tokens;
}
