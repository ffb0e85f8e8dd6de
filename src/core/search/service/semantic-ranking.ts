import type { VectorSearch } from '../chunk';
import type { NoteFilter } from './note-filter';

/** A note found by embeddings: its best chunk's hash and cosine score (clamped to 0–1). */
export interface SemanticHit {
  path: string;
  hash: string;
  score: number;
}

/**
 * Asks the vector store for chunks close to `query` and keeps each note's best chunk, best
 * first (ties by path). Asks for three chunks per wanted note, since a note can hold several
 * of the closest chunks.
 */
export async function rankSemantically(vectors: VectorSearch, query: string, wanted: number, filter: NoteFilter | null): Promise<SemanticHit[]> {
  const chunks = await vectors.query(query, wanted * 3, filter === null ? undefined : (path) => filter.acceptPath(path));
  const best = new Map<string, SemanticHit>();
  for (const chunk of chunks) {
    const score = Math.max(0, Math.min(1, chunk.score));
    const known = best.get(chunk.path);
    if (known === undefined || score > known.score) best.set(chunk.path, { path: chunk.path, hash: chunk.hash, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, wanted);
}
