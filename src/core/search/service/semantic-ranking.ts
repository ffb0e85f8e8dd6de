import type { VectorSearch } from '../chunk';
import type { NoteFilter } from './note-filter';

/** A note found by embeddings: its best chunk's hash and cosine score (clamped to 0–1). */
export interface SemanticHit {
  path: string;
  hash: string;
  score: number;
}

/**
 * Asks the vector store for the `wanted` notes closest to `query` and keeps each note's best
 * chunk, best first (ties by path). The store returns one chunk per note (its best), so
 * `wanted` distinct notes come back when that many match. Only paths both `filter` and
 * `isKnown` accept are considered, inside the store's selection, so rejected paths take no
 * place: `isKnown` is how the caller drops vectors of notes the vault no longer has (the
 * search service passes "the lexical index holds it").
 */
export async function rankSemantically(vectors: VectorSearch, query: string, wanted: number, filter: NoteFilter | null, isKnown?: (path: string) => boolean): Promise<SemanticHit[]> {
  const chunks = await vectors.query(query, wanted, combine(filter === null ? undefined : (path) => filter.acceptPath(path), isKnown));
  const best = new Map<string, SemanticHit>();
  for (const chunk of chunks) {
    const score = Math.max(0, Math.min(1, chunk.score));
    const known = best.get(chunk.path);
    if (known === undefined || score > known.score) best.set(chunk.path, { path: chunk.path, hash: chunk.hash, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, wanted);
}

function combine(first: ((path: string) => boolean) | undefined, second: ((path: string) => boolean) | undefined): ((path: string) => boolean) | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return (path) => second(path) && first(path);
}
