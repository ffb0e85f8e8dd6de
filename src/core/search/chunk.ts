/**
 * A searchable piece of a note: the text under one heading (or the part before the first
 * heading), so a hit points at a section. Chunks are what both the lexical index and the
 * vector store key on; `hash` identifies the chunk's content, so an unchanged chunk is never
 * re-embedded.
 */
export interface Chunk {
  /** Vault path of the note. */
  path: string;
  /** The section's heading text, or null for the part before the first heading. */
  heading: string | null;
  /** Texts of the enclosing headings and this one (empty before the first heading). */
  headingPath: string[];
  /** 0-based line where the section starts. */
  line: number;
  /** The section's markdown (heading line included). */
  text: string;
  /** Content hash of `text` (hex), stable across runs. */
  hash: string;
}

/**
 * Semantic search over chunk embeddings, as the search service sees it. Implemented by the
 * embeddings layer; absent or unavailable when no embedding provider is configured.
 */
export interface VectorSearch {
  /** False when no provider is configured or it is unreachable; the service degrades to lexical. */
  available(): boolean;
  /** Embeds the chunks whose hashes are not stored yet and records them under their path. */
  indexChunks(path: string, chunks: readonly Chunk[]): Promise<void>;
  /** Forgets every vector of a note. */
  removePath(path: string): void;
  /** The `limit` notes closest to `query` (cosine), each with its best chunk, best first, among paths `filter` accepts. */
  query(query: string, limit: number, filter?: (path: string) => boolean): Promise<{ path: string; hash: string; score: number }[]>;
}
