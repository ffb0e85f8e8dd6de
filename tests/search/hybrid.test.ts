import { setTimeout as delay } from 'node:timers/promises';
import type { Chunk, VectorSearch } from '../../src/core/search/chunk';
import { createSearchVault, pathsOf, type SearchVault } from './search-vault';

/**
 * A vector store fake honouring the `VectorSearch` contract: it "embeds" by concept, so a query
 * for "automobile" is close to chunks that say "car" without sharing a word with them.
 */
class ConceptVectors implements VectorSearch {
  readonly chunks = new Map<string, Chunk[]>();
  readonly calls: string[] = [];
  up = true;
  failing = false;

  available(): boolean {
    return this.up;
  }

  indexChunks(path: string, chunks: readonly Chunk[]): Promise<void> {
    this.calls.push(`index ${path} ${chunks.length}`);
    this.chunks.set(path, [...chunks]);
    return Promise.resolve();
  }

  removePath(path: string): void {
    this.calls.push(`remove ${path}`);
    this.chunks.delete(path);
  }

  query(query: string, limit: number, filter?: (path: string) => boolean): Promise<{ path: string; hash: string; score: number }[]> {
    if (this.failing) return Promise.reject(new Error('connection refused'));
    const concepts = CONCEPTS[query] ?? [];
    const hits = [...this.chunks.values()]
      .flat()
      .filter((chunk) => filter?.(chunk.path) ?? true)
      .map((chunk) => ({ path: chunk.path, hash: chunk.hash, score: concepts.filter((word) => chunk.text.toLowerCase().includes(word)).length / Math.max(1, concepts.length) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    return Promise.resolve(hits.slice(0, limit));
  }
}

const CONCEPTS: Record<string, string[]> = { automobile: ['car', 'vehicle', 'automobile'], 'automobile repair': ['car', 'mechanic', 'repair'] };

const FILES = {
  'Garage.md': '# Garage\nNotes.\n## Service\nThe car needs a mechanic for the brakes.\n',
  'Vehicles/Fleet.md': 'Our vehicle fleet: one car, two vans.\n',
  'Automobile history.md': 'The automobile was invented in 1886.\n',
  'Cooking.md': 'Repair a broken sauce with butter.\n',
};

describe('vault_search with embeddings', () => {
  let vault: SearchVault;
  let vectors: ConceptVectors;

  beforeEach(async () => {
    vectors = new ConceptVectors();
    vault = await createSearchVault(FILES, { search: { vectors } });
    await waitForEmbeddings(vectors, 4);
  });

  afterEach(async () => {
    await vault.dispose();
  });

  it('hands every note\'s chunks to the vector store', () => {
    expect(vectors.calls.sort()).toEqual(['index Automobile history.md 1', 'index Cooking.md 1', 'index Garage.md 2', 'index Vehicles/Fleet.md 1']);
  });

  it('defaults to hybrid: reciprocal rank fusion of the lexical and semantic rankings', async () => {
    const output = await vault.search({ q: 'automobile' });
    expect(output.mode_used).toBe('hybrid');
    expect(output.warnings).toBeUndefined();
    // Lexical: Automobile history only. Semantic: Fleet (car, vehicle), then Automobile history and Garage.
    expect(pathsOf(output)).toEqual(['Automobile history.md', 'Vehicles/Fleet.md', 'Garage.md']);
    expect(output.results[0]).toMatchObject({ score: 0.9919, matched_in: ['title', 'body', 'semantic'] });
    expect(output.results[1]).toMatchObject({ score: 0.5, matched_in: ['semantic'] });
    expect(output.results.every((result) => result.score > 0 && result.score <= 1)).toBe(true);
  });

  it('in semantic mode points at the section the vector store found, by content hash', async () => {
    const output = await vault.search({ q: 'automobile repair', mode: 'semantic' });
    expect(output.mode_used).toBe('semantic');
    expect(output.results[0]).toMatchObject({ path: 'Garage.md', heading: 'Service', line: 2, matched_in: ['semantic'] });
    expect(output.results[0]?.snippet).toBe('## Service The car needs a mechanic for the brakes.');
    expect(pathsOf(output)).toContain('Cooking.md');
    expect(pathsOf(await vault.search({ q: 'automobile repair', mode: 'semantic', min_score: 0.5 }))).toEqual(['Garage.md']);
  });

  it('applies path and tag filters to embedding hits', async () => {
    expect(pathsOf(await vault.search({ q: 'automobile', mode: 'semantic', path_glob: 'Vehicles/**' }))).toEqual(['Vehicles/Fleet.md']);
  });

  it('paginates semantic results', async () => {
    const first = await vault.search({ q: 'automobile', mode: 'semantic', limit: 2 });
    const second = await vault.search({ q: 'automobile', mode: 'semantic', limit: 2, cursor: first.next_cursor });
    expect([...pathsOf(first), ...pathsOf(second)].sort()).toEqual(['Automobile history.md', 'Garage.md', 'Vehicles/Fleet.md']);
    expect(second.next_cursor).toBeNull();
  });

  it('falls back to lexical with embeddings_unavailable when the provider is down or fails', async () => {
    vectors.up = false;
    const fallback = await vault.search({ q: 'automobile' });
    expect(fallback.mode_used).toBe('lexical');
    expect(fallback.warnings).toBeUndefined();
    const down = await vault.search({ q: 'automobile', mode: 'hybrid' });
    expect(down.mode_used).toBe('lexical');
    expect(down.warnings?.map((warning) => warning.code)).toEqual(['embeddings_unavailable']);
    vectors.up = true;
    vectors.failing = true;
    const failed = await vault.search({ q: 'automobile', mode: 'semantic' });
    expect(failed.mode_used).toBe('lexical');
    expect(pathsOf(failed)).toEqual(['Automobile history.md']);
    expect(failed.warnings?.[0]?.message).toMatch(/connection refused/);
  });

  it('keeps the vector store in step with deletes and renames', async () => {
    await vault.engine.call('note_move', { from: 'Cooking.md', to: 'Kitchen/Cooking.md' });
    await vault.engine.call('note_delete', { path: 'Garage.md' });
    await vault.engine.search?.settled();
    await waitForEmbeddings(vectors, 5);
    expect(vectors.calls.slice(4)).toEqual(['remove Cooking.md', 'index Kitchen/Cooking.md 1', 'remove Garage.md']);
  });
});

async function waitForEmbeddings(vectors: ConceptVectors, indexCalls: number): Promise<void> {
  const deadline = Date.now() + 2000;
  while (vectors.calls.filter((call) => call.startsWith('index')).length < indexCalls && Date.now() < deadline) await delay(5);
}
