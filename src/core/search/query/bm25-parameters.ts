/**
 * How lexical scores are computed: BM25F in two groups. Note fields (title, aliases, tags,
 * path) are combined per note and chunk fields (headings, body) per chunk: each field's term
 * frequency is length-normalised with its own `b`, weighted, summed, then saturated with `k1`.
 * A note scores `noteWeight` × its note-field score + its best chunk's score +
 * `otherChunksWeight` × the scores of its other matching chunks. `b` and `weights` are per
 * field id (title, aliases, tags, path, headings, body).
 */
export interface Bm25Parameters {
  k1: number;
  b: readonly number[];
  weights: readonly number[];
  noteWeight: number;
  otherChunksWeight: number;
}

/** The defaults, tuned on BEIR SciFact (see docs/decisions/0004-search-engine.md). */
export const DEFAULT_BM25: Bm25Parameters = {
  k1: 1.2,
  b: [0.5, 0.5, 0.5, 0.5, 0.5, 0.75],
  weights: [2, 2, 1.5, 1, 1.5, 1],
  noteWeight: 1,
  otherChunksWeight: 0.1,
};
