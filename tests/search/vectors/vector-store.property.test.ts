import fc from 'fast-check';
import { VectorStore } from '../../../src/core/search/vectors/vector-store';
import type { VectorEncoding } from '../../../src/core/search/vectors/vector-encoding';

const DIMENSIONS = 8;
const component = fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true });
const vectorArbitrary = fc.array(component, { minLength: DIMENSIONS, maxLength: DIMENSIONS }).filter((values) => values.some((value) => Math.abs(value) > 1e-3));
const entryArbitrary = fc.record({ vector: vectorArbitrary, paths: fc.uniqueArray(fc.constantFrom('a.md', 'b.md', 'c/d.md', 'e.md'), { minLength: 0, maxLength: 2 }) });

function unit(values: readonly number[]): number[] {
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
}

function cosine(left: readonly number[], right: readonly number[]): number {
  return unit(left).reduce((sum, value, index) => sum + value * unit(right)[index]!, 0);
}

// Each accepted path's best chunk score, best first: a note takes one place however many close chunks it has.
function naiveTop(entries: { vector: number[]; paths: string[] }[], query: number[], limit: number, accepts: (path: string) => boolean): number[] {
  const best = new Map<string, number>();
  for (const entry of entries) for (const path of entry.paths.filter(accepts)) best.set(path, Math.max(best.get(path) ?? -Infinity, cosine(entry.vector, query)));
  return [...best.values()].sort((left, right) => right - left).slice(0, limit);
}

function buildStore(entries: { vector: number[]; paths: string[] }[], encoding: VectorEncoding): VectorStore {
  const store = new VectorStore(DIMENSIONS, encoding, 4);
  const hashesOfPath = new Map<string, string[]>();
  entries.forEach((entry, index) => {
    store.add(`h${index}`, Float32Array.from(entry.vector));
    for (const path of entry.paths) hashesOfPath.set(path, [...(hashesOfPath.get(path) ?? []), `h${index}`]);
  });
  for (const [path, hashes] of hashesOfPath) store.setPath(path, hashes);
  return store;
}

describe('brute-force top-k', () => {
  test("returns each note's best score as a naive scan does, best first, one hit per note, for any data, limit and filter", () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { maxLength: 30 }), vectorArbitrary, fc.integer({ min: 0, max: 12 }), fc.boolean(), (entries, query, limit, filtered) => {
        const accepts = filtered ? (path: string) => path !== 'a.md' : () => true;
        const hits = buildStore(entries, 'float32').search(Float32Array.from(query), limit, filtered ? accepts : undefined);
        const expected = naiveTop(entries, query, limit, accepts);
        expect(hits.map((hit) => hit.score)).toHaveLength(expected.length);
        hits.forEach((hit, index) => expect(hit.score).toBeCloseTo(expected[index]!, 4));
        expect(new Set(hits.map((hit) => hit.path)).size).toBe(hits.length);
        for (const hit of hits) {
          const entry = entries[Number(hit.hash.slice(1))]!;
          expect(entry.paths).toContain(hit.path);
          expect(accepts(hit.path)).toBe(true);
          expect(hit.score).toBeCloseTo(cosine(entry.vector, query), 4);
        }
      }),
      { seed: 20261121, numRuns: 300 },
    );
  });

  test('removing a path removes exactly its results', () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { minLength: 1, maxLength: 20 }), vectorArbitrary, (entries, query) => {
        const store = buildStore(entries, 'float32');
        store.removePath('b.md');
        const hits = store.search(Float32Array.from(query), 100);
        expect(hits.some((hit) => hit.path === 'b.md')).toBe(false);
        expect(hits).toHaveLength(new Set(entries.flatMap((entry) => entry.paths.filter((path) => path !== 'b.md'))).size);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('int8 quantisation', () => {
  test('recall@10 against float32 stays above 0.95 and scores move by less than 0.02', () => {
    const random = fc.sample(fc.array(fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }), { minLength: 64, maxLength: 64 }), { seed: 42, numRuns: 2050 });
    const entries = random.slice(0, 2000).map((vector, index) => ({ vector, paths: [`n${index}.md`] }));
    const floatStore = buildStoreOf(entries, 'float32');
    const int8Store = buildStoreOf(entries, 'int8');
    let found = 0;
    for (const query of random.slice(2000)) {
      const expected = new Set(floatStore.search(Float32Array.from(query), 10).map((hit) => hit.hash));
      const hits = int8Store.search(Float32Array.from(query), 10);
      found += hits.filter((hit) => expected.has(hit.hash)).length;
      for (const hit of hits) expect(Math.abs(hit.score - cosine(entries[Number(hit.hash.slice(1))]!.vector, query))).toBeLessThan(0.02);
    }
    expect(found / (50 * 10)).toBeGreaterThan(0.95);
  });
});

function buildStoreOf(entries: { vector: number[]; paths: string[] }[], encoding: VectorEncoding): VectorStore {
  const store = new VectorStore(64, encoding);
  entries.forEach((entry, index) => {
    store.add(`h${index}`, Float32Array.from(entry.vector));
    store.setPath(entry.paths[0]!, [`h${index}`]);
  });
  return store;
}
