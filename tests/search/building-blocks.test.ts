import fc from 'fast-check';
import { createPostingBuffer, PostingPool } from '../../src/core/search/index/posting-pool';
import { decodeShard, encodeShard, SHARD_FORMAT_VERSION } from '../../src/core/search/persist/shard-codec';
import { ShardProblem } from '../../src/core/search/persist/shard-problem';
import { decodeStrings, encodeStrings } from '../../src/core/search/persist/string-list';
import { fuseRanks } from '../../src/core/search/query/fuse-ranks';
import { selectTop } from '../../src/core/search/query/select-top';
import { isWithinOneEdit } from '../../src/core/search/query/within-one-edit';

const checksum = (bytes: Uint8Array): string => {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0).toString(16).padStart(16, '0');
};

describe('the posting pool', () => {
  it('gives back every posting of every term in order, whatever the interleaving of appends', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 ** 28 })), { maxLength: 400 }), (appends) => {
        const pool = new PostingPool();
        const expected = new Map<number, [number, number][]>();
        const lastDoc = new Map<number, number>();
        for (const [term, gap, value] of appends) {
          const doc = (lastDoc.get(term) ?? 0) + gap;
          lastDoc.set(term, doc);
          pool.append(term, doc, value);
          expected.set(term, [...(expected.get(term) ?? []), [doc, value]]);
        }
        const reloaded = new PostingPool(pool.toArrays(21));
        const buffer = createPostingBuffer();
        for (let term = 0; term <= 21; term += 1) {
          for (const source of [pool, reloaded]) {
            const count = source.decode(term, buffer);
            expect(Array.from({ length: count }, (_unused, index) => [buffer.docs[index], buffer.values[index]])).toEqual(expected.get(term) ?? []);
          }
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('shards', () => {
  const sections = [new Int32Array([1, -2, 3]), new Uint8Array([9, 8, 7, 6, 5]), new Float64Array([0.5, 1e12]), new Uint16Array([65535]), new Uint32Array([])];

  it('round-trip typed arrays with their types', () => {
    const decoded = decodeShard(encodeShard({ kind: 2, generation: 5 }, sections, checksum).bytes, { kind: 2, generation: 5 }, checksum);
    expect(decoded).toEqual(sections);
    expect(decoded.map((section) => section.constructor.name)).toEqual(['Int32Array', 'Uint8Array', 'Float64Array', 'Uint16Array', 'Uint32Array']);
  });

  it('are read from any byte offset (copied when unaligned)', () => {
    const shard = encodeShard({ kind: 1, generation: 1 }, sections, checksum).bytes;
    const padded = new Uint8Array(shard.length + 3);
    padded.set(shard, 3);
    expect(decodeShard(padded.subarray(3), { kind: 1, generation: 1 }, checksum)).toEqual(sections);
  });

  it.each([
    ['a changed payload byte', (shard: Uint8Array) => (shard[60] = (shard[60] ?? 0) ^ 1), /checksum/],
    ['another format version', (shard: Uint8Array) => (shard[4] = SHARD_FORMAT_VERSION + 1), /format/],
    ['another kind', (shard: Uint8Array) => (shard[8] = 9), /kind/],
    ['a wrong magic number', (shard: Uint8Array) => (shard[0] = 0), /not an index shard/],
  ])('refuse %s', (_case, damage, message) => {
    const shard = encodeShard({ kind: 1, generation: 1 }, sections, checksum).bytes;
    damage(shard);
    expect(() => decodeShard(shard, { kind: 1, generation: 1 }, checksum)).toThrow(message);
  });

  it('refuse a truncated shard and one of another generation', () => {
    const shard = encodeShard({ kind: 1, generation: 1 }, sections, checksum).bytes;
    expect(() => decodeShard(shard.subarray(0, shard.length - 8), { kind: 1, generation: 1 }, checksum)).toThrow(ShardProblem);
    expect(() => decodeShard(shard, { kind: 1, generation: 2 }, checksum)).toThrow(/generation/);
  });

  it('store string lists with nulls and any Unicode, a leading U+FEFF included', async () => {
    const strings = ['\uFEFFIntro', '', null, 'naïve', '東京', '𠀋 emoji 😀', 'plain'];
    expect(await decodeStrings(encodeStrings(strings), () => Promise.resolve())).toEqual(strings);
  });

  it('decode long string lists in paced pieces', async () => {
    const strings = Array.from({ length: 40_000 }, (_unused, index) => `term${index}`);
    let pauses = 0;
    expect(await decodeStrings(encodeStrings(strings), () => Promise.resolve(void (pauses += 1)))).toEqual(strings);
    expect(pauses).toBe(2);
  });
});

describe('query helpers', () => {
  it('isWithinOneEdit accepts one insertion, deletion, substitution or adjacent swap', () => {
    expect(['kubernetes', 'kubernetess', 'kubrnetes', 'kubernetas', 'kubrenetes'].map((word) => isWithinOneEdit(word, 'kubernetes'))).toEqual([true, true, true, true, true]);
    expect(['kubrenetis', 'kubernetesss', 'k', 'netesuberk'].map((word) => isWithinOneEdit(word, 'kubernetes'))).toEqual([false, false, false, false]);
  });

  it('selectTop returns the best items in order, like a full sort', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: 0, max: 20 }), (values, count) => {
        const positions = values.map((_value, index) => index);
        const better = (a: number, b: number): boolean => (values[a] ?? 0) > (values[b] ?? 0) || ((values[a] ?? 0) === (values[b] ?? 0) && a < b);
        const sorted = [...positions].sort((a, b) => (better(a, b) ? -1 : 1)).slice(0, count);
        expect(selectTop(positions, count, better)).toEqual(sorted);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('fuseRanks sums reciprocal ranks (k = 60) and scales to 0–1', () => {
    expect(fuseRanks([['a', 'b'], ['b', 'c']])).toEqual([
      { key: 'b', score: (1 / 62 + 1 / 61) / (2 / 61) },
      { key: 'a', score: 1 / 61 / (2 / 61) },
      { key: 'c', score: 1 / 62 / (2 / 61) },
    ]);
    expect(fuseRanks([['x'], ['x']])).toEqual([{ key: 'x', score: 1 }]);
  });
});
