import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { VectorPersistence } from '../../../src/core/search/vectors/vector-persistence';
import { VectorStore } from '../../../src/core/search/vectors/vector-store';
import { createHarness } from './harness';
import { bagOfWordsVector, startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';
import { MemoryStorage } from './memory-storage';

let server: LoopbackEmbeddingsServer;
let folder: string;
beforeEach(async () => {
  server = await startLoopbackEmbeddingsServer();
  folder = await mkdtemp(join(tmpdir(), 'indx-vectors-'));
});
afterEach(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

const NOTES: Record<string, string[]> = {
  'fruit.md': ['## Apples\nred apples and green apples', '## Pears\npears ripen late'],
  'garden/tools.md': ['## Spade\ndig the soil with a spade', '## Rake\nrake the leaves'],
  'journal/2026-11-21.md': ['Walked to the orchard, picked apples'],
};

async function indexAll(search: ReturnType<typeof createHarness>['search']): Promise<void> {
  for (const [path, texts] of Object.entries(NOTES)) await search.indexChunks(path, texts.map((text, index) => makeChunk(path, text, index)));
}

describe('persistence as binary shards with a manifest (real files)', () => {
  test('save then load gives the same answers without any request', async () => {
    const storage = new FileStorage(folder);
    const first = createHarness(server, { storage });
    await indexAll(first.search);
    const before = await first.search.query('apples in the orchard', 5);
    await first.search.save();
    expect((await storage.list('search/vectors')).map((name) => name.replace(/-\d+\.bin$/, '.bin'))).toEqual(['search/vectors/manifest.json', 'search/vectors/shard-00000.bin']);
    const requests = server.requests.length;
    const second = createHarness(server, { storage });
    await second.search.load();
    await indexAll(second.search);
    expect(server.requests.length).toBe(requests);
    expect(second.search.stats()).toMatchObject({ vectors: 5, paths: 3, dimensions: 32, discarded_shards: 0 });
    expect(await second.search.query('apples in the orchard', 5)).toEqual(before);
  });

  test('a corrupt shard is discarded, never crashes, and its chunks are embedded again', async () => {
    const storage = new FileStorage(folder);
    const first = createHarness(server, { storage });
    await indexAll(first.search);
    await first.search.save();
    const shardName = (await storage.list('search/vectors')).find((name) => name.endsWith('.bin'))!;
    const shardPath = join(folder, ...shardName.split('/'));
    const bytes = await readFile(shardPath);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 3) ^ 0x40, bytes.length - 3);
    await writeFile(shardPath, bytes);
    const second = createHarness(server, { storage });
    await second.search.load();
    expect(second.invalidations).toBe(1);
    expect(second.search.stats()).toMatchObject({ vectors: 0, discarded_shards: 1 });
    expect(await second.search.query('apples', 3)).toEqual([]);
    const requests = server.requests.length;
    await indexAll(second.search);
    expect(server.requests.length).toBeGreaterThan(requests);
    expect((await second.search.query(NOTES['fruit.md']![0]!, 1))[0]!.path).toBe('fruit.md');
  });

  test.each([
    ['garbage manifest', (bytes: Buffer) => bytes.subarray(0, 10)],
    ['manifest of another version', (bytes: Buffer) => Buffer.from(bytes.toString('utf8').replace('"version":1', '"version":99'))],
    ['manifest naming a block far out of range', (bytes: Buffer) => Buffer.from(bytes.toString('utf8').replace('"block":0', '"block":999999999'))],
  ])('a %s discards the saved vectors without crashing', async (_name, damage) => {
    const storage = new FileStorage(folder);
    const first = createHarness(server, { storage });
    await indexAll(first.search);
    await first.search.save();
    const manifestPath = join(folder, 'search', 'vectors', 'manifest.json');
    await writeFile(manifestPath, damage(await readFile(manifestPath)));
    const second = createHarness(server, { storage });
    await second.search.load();
    expect(second.invalidations).toBe(1);
    expect(second.search.stats().vectors).toBe(0);
    await indexAll(second.search);
    await second.search.save();
    expect((await storage.list('search/vectors')).filter((name) => name.endsWith('.bin'))).toHaveLength(1);
  });

  test('switching to int8 converts the saved float32 vectors instead of re-embedding them', async () => {
    const storage = new MemoryStorage();
    const first = createHarness(server, { storage });
    await indexAll(first.search);
    await first.search.save();
    const requests = server.requests.length;
    const second = createHarness(server, { storage, encoding: 'int8' });
    await second.search.load();
    await indexAll(second.search);
    expect(server.requests.length).toBe(requests);
    const [floatHits, int8Hits] = [await first.search.query('rake leaves', 5), await second.search.query('rake leaves', 5)];
    expect(int8Hits[0]!.hash).toBe(floatHits[0]!.hash);
    // One hit per note: a note's best score moves as little as each of its chunks' scores does.
    const floatScores = new Map(floatHits.map((hit) => [hit.path, hit.score]));
    for (const hit of int8Hits) expect(Math.abs(hit.score - floatScores.get(hit.path)!)).toBeLessThan(0.02);
    expect(second.search.stats().vector_bytes).toBeLessThan(first.search.stats().vector_bytes);
    const shardBytes = () => [...storage.entries].filter(([name]) => name.endsWith('.bin')).reduce((total, [, bytes]) => total + bytes.length, 0);
    const floatSize = shardBytes();
    await second.search.save();
    expect(shardBytes()).toBeLessThan(floatSize / 2);
  });

  test('a save with nothing changed writes nothing', async () => {
    const storage = new MemoryStorage();
    const first = createHarness(server, { storage });
    await indexAll(first.search);
    await first.search.save();
    storage.writes.length = 0;
    await first.search.save();
    const second = createHarness(server, { storage });
    await second.search.load();
    await indexAll(second.search);
    await second.search.save();
    expect(storage.writes).toEqual([]);
  });
});

describe('shards of a multi-block store', () => {
  const identity = { model: 'test-embed', requested_dimensions: null };
  const vector = (index: number) => Float32Array.from(bagOfWordsVector(`word${index} other${index % 3}`, 8));
  function filledStore(count: number): VectorStore {
    const store = new VectorStore(8, 'float32', 4);
    for (let index = 0; index < count; index += 1) {
      store.add(`h${index}`, vector(index));
      store.setPath(`note${index}.md`, [`h${index}`]);
    }
    return store;
  }

  test('only changed blocks are written again', async () => {
    const storage = new MemoryStorage();
    const persistence = new VectorPersistence(storage);
    const store = filledStore(10);
    await persistence.save(store, identity, 'float32');
    expect(storage.writes.filter((name) => name.endsWith('.bin'))).toHaveLength(3);
    storage.writes.length = 0;
    store.setPath('note5.md', []);
    await persistence.save(store, identity, 'float32');
    expect(storage.writes).toEqual(['search/vectors/shard-00001-2.bin', 'search/vectors/manifest.json']);
    expect((await storage.list('search/vectors')).filter((name) => name.endsWith('.bin'))).toHaveLength(3);
  });

  test('a corrupt middle shard loses only its own rows', async () => {
    const storage = new MemoryStorage();
    await new VectorPersistence(storage).save(filledStore(10), identity, 'float32');
    const middle = (await storage.list('search/vectors')).find((name) => name.includes('shard-00001'))!;
    storage.entries.set(middle, storage.entries.get(middle)!.subarray(0, 40));
    const loaded = await new VectorPersistence(storage).load(identity, 'float32');
    expect(loaded.discardedShards).toBe(1);
    const store = loaded.store!;
    expect(store.vectorCount).toBe(6);
    expect(['h0', 'h3', 'h4', 'h7', 'h8', 'h9'].map((hash) => [hash, store.has(hash)])).toEqual(['h0', 'h3', 'h4', 'h7', 'h8', 'h9'].map((hash) => [hash, !['h4', 'h7'].includes(hash)]));
    store.add('h4', vector(4));
    store.setPath('note4.md', ['h4']);
    expect(store.search(vector(4), 1)[0]).toMatchObject({ path: 'note4.md', hash: 'h4' });
  });

  test('a save that fails half-way leaves the previous save loadable', async () => {
    const storage = new MemoryStorage();
    const persistence = new VectorPersistence(storage);
    const store = filledStore(6);
    await persistence.save(store, identity, 'float32');
    store.add('h-new', vector(99));
    store.setPath('note-new.md', ['h-new']);
    const write = storage.write.bind(storage);
    storage.write = (name, data) => (name.endsWith('manifest.json') ? Promise.reject(new Error('disk full')) : write(name, data));
    await expect(persistence.save(store, identity, 'float32')).rejects.toThrow('disk full');
    const loaded = await new VectorPersistence(storage).load(identity, 'float32');
    expect(loaded).toMatchObject({ discardedShards: 0, discardedAll: null });
    expect(loaded.store!.vectorCount).toBe(6);
    expect(loaded.store!.has('h-new')).toBe(false);
  });
});
