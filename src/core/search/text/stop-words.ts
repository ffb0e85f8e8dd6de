/**
 * English function words left out of the index and of queries: they occur in most notes, so
 * BM25 gives them almost no weight while their postings cost space and query time. A short list
 * (measured on SciFact, a longer one scored no better) plus the `s` and `t` that apostrophes
 * leave behind (`it's`, `don't`).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with s t'.split(' '),
);
