import type { Chunk, VectorSearch } from '../../src/core/search/chunk';
import { createSearchVault, pathsOf } from './search-vault';

const COUNT = 120;
const NAMES = Array.from({ length: COUNT }, (_unused, index) => `n${String(index).padStart(3, '0')}.md`);

/** Embeddings that rank the notes in the reverse of their lexical order (n119 first). */
class ReversedVectors implements VectorSearch {
  available(): boolean {
    return true;
  }
  indexChunks(_path: string, _chunks: readonly Chunk[]): Promise<void> {
    return Promise.resolve();
  }
  removePath(): void {}
  query(_query: string, limit: number): Promise<{ path: string; hash: string; score: number }[]> {
    return Promise.resolve([...NAMES].reverse().slice(0, limit).map((path, rank) => ({ path, hash: '0'.repeat(16), score: 1 - rank / 1000 })));
  }
}

describe('hybrid pagination', () => {
  // Each page must cut the same fused ranking: when the fusion depth grew with the cursor, deeper
  // pages re-fused longer lists, repeating 20 of these 120 notes and never returning 20 others.
  it('returns every note exactly once across pages, in one descending order', async () => {
    // n000 says "apple" most often, n119 least: lexical order is n000 … n119.
    const files = Object.fromEntries(NAMES.map((name, index) => [name, `${'apple '.repeat(COUNT + 1 - index)}${'filler '.repeat(200 - (COUNT + 1 - index))}\n`]));
    const vault = await createSearchVault(files, { search: { vectors: new ReversedVectors() } });
    const seen: string[] = [];
    const scores: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await vault.search({ q: 'apple', mode: 'hybrid', limit: 20, ...(cursor === null ? {} : { cursor }) });
      expect(page.mode_used).toBe('hybrid');
      seen.push(...pathsOf(page));
      scores.push(...page.results.map((result) => result.score));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await vault.dispose();
  });
});
