/** How `vault_search` matches: words (BM25), meaning (embeddings), or both fused. */
export type SearchMode = 'lexical' | 'semantic' | 'hybrid';

/** Where the index stands: `idle` until first used, `building` while notes are being indexed. */
export type IndexState = 'idle' | 'building' | 'ready';

/** A search as `vault_search` receives it (snake_case, as the seeds name the fields). */
export interface SearchRequest {
  q: string;
  mode?: SearchMode;
  /** Every tag listed must be on the note (or a tag nested below it). */
  tag?: string[];
  path_glob?: string;
  limit: number;
  cursor?: string;
  min_score?: number;
  fuzzy?: boolean;
  prefix?: boolean;
}

/** What matched: a note field, its best section's fields, or `semantic` for an embedding hit. */
export type MatchedIn = 'title' | 'aliases' | 'tags' | 'path' | 'headings' | 'body' | 'semantic';

/** One note found. */
export interface SearchResult {
  path: string;
  title: string;
  score: number;
  snippet: string;
  heading: string | null;
  line: number;
  tags: string[];
  matched_in: MatchedIn[];
}

/** A condition the caller should know about; results are still returned. */
export interface SearchWarning {
  code: 'embeddings_unavailable' | 'index_building';
  message: string;
}

/** Progress of the index while it is being built. */
export interface IndexProgress {
  state: IndexState;
  indexed: number;
  total: number;
}

/** A page of results. */
export interface SearchResponse {
  results: SearchResult[];
  next_cursor: string | null;
  mode_used: SearchMode;
  warnings?: SearchWarning[];
  index?: IndexProgress;
}

/** The index's state and size, for `vault_status`. */
export interface SearchStatus {
  state: IndexState;
  notes: number;
  chunks: number;
  terms: number;
  indexed: number;
  total: number;
  /** Bytes of the last saved index (0 before the first save). */
  size_on_disk: number;
  /** Why the saved index was discarded or a save failed, when that happened. */
  last_problem: string | null;
  /** Longest synchronous slice of indexing work so far, in milliseconds. */
  longest_slice_ms: number;
}
