import { normalizeWord } from './normalize-word';
import { scanWords, SpanKind, type TokenizeMode } from './scan-words';

export type { TokenizeMode } from './scan-words';

/** Receives each term with the span of the text it came from (`end` exclusive, UTF-16 units). */
export type TermVisitor = (term: string, start: number, end: number) => void;

/**
 * Splits `text` into index terms, in order: the spans {@link scanWords} finds, words
 * lower-cased, folded, stop-worded and stemmed by {@link normalizeWord}, ideograph spans as
 * they are. The index itself goes through a word table instead (see `WordTable`), which
 * gives the same terms without building a string per word.
 */
export function tokenize(text: string, visit: TermVisitor, mode: TokenizeMode = 'index'): void {
  scanWords(
    text,
    (start, end, kind) => {
      const span = text.slice(start, end);
      const term = kind === SpanKind.IDEOGRAPHS ? span : normalizeWord(span, kind === SpanKind.ASCII_LOWER_WORD);
      if (term !== null) visit(term, start, end);
    },
    mode,
  );
}

/** Collects the terms of `text` into an array (queries, tests). */
export function toTerms(text: string, mode: TokenizeMode = 'index'): string[] {
  const terms: string[] = [];
  tokenize(text, (term) => terms.push(term), mode);
  return terms;
}
