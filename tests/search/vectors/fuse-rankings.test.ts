import fc from 'fast-check';
import { fuseRankings } from '../../../src/core/search/vectors/fuse-rankings';

describe('reciprocal rank fusion', () => {
  test('scores are sums of 1 / (k + rank)', () => {
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['b', 'd'],
    ]);
    expect(fused.map((entry) => entry.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
  });

  test('agreement between two rankers beats the top of one (the point of hybrid search)', () => {
    const fused = fuseRankings([
      ['lexical-only', 'both'],
      ['semantic-only', 'both'],
    ]);
    expect(fused[0]!.id).toBe('both');
  });

  test('ties keep the order ids were first met; a smaller k sharpens the head', () => {
    expect(fuseRankings([['x'], ['y']]).map((entry) => entry.id)).toEqual(['x', 'y']);
    const lists = [
      ['top', 'a', 'b', 'both'],
      ['c', 'd', 'e', 'both'],
    ];
    expect(fuseRankings(lists, 60)[0]!.id).toBe('both');
    expect(fuseRankings(lists, 1)[0]!.id).toBe('top');
  });

  test('every id appears once, scores descend, a repeat within a list counts once', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 8 }), { maxLength: 4 }), fc.integer({ min: 1, max: 100 }), (lists, k) => {
        const fused = fuseRankings(lists, k);
        expect(fused.map((entry) => entry.id).sort()).toEqual([...new Set(lists.flat())].sort());
        fused.slice(1).forEach((entry, index) => expect(entry.score).toBeLessThanOrEqual(fused[index]!.score));
        for (const entry of fused) expect(entry.score).toBeLessThanOrEqual(lists.length / (k + 1) + 1e-12);
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
