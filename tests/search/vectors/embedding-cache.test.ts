import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';

let server: LoopbackEmbeddingsServer;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer()));
afterEach(() => server.close());

const sections = (path: string, words: string[]) => words.map((word, index) => makeChunk(path, `## ${word}\n${word} notes about ${word}`, index * 3));
const inputsSent = () => server.requests.flatMap((request) => request.body.input ?? []);

describe('embedding cache by chunk content hash', () => {
  test('indexing the same chunks again sends no request', async () => {
    const { search } = createHarness(server);
    const chunks = sections('a.md', ['apple', 'banana', 'cherry']);
    await search.indexChunks('a.md', chunks);
    const before = server.requests.length;
    await search.indexChunks('a.md', chunks);
    expect(server.requests.length).toBe(before);
  });

  test('an edit that changes one section sends exactly that section', async () => {
    const { search } = createHarness(server);
    const chunks = sections('a.md', ['apple', 'banana', 'cherry']);
    await search.indexChunks('a.md', chunks);
    const edited = [chunks[0]!, makeChunk('a.md', '## banana\nbanana bread recipe', 3), chunks[2]!];
    await search.indexChunks('a.md', edited);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.input).toEqual(['## banana\nbanana bread recipe']);
    const hits = await search.query('banana bread recipe', 1);
    expect(hits[0]).toMatchObject({ path: 'a.md', hash: edited[1]!.hash });
  });

  test('a moved note (remove, then index under the new path) needs no embedding', async () => {
    const { search } = createHarness(server);
    const chunks = sections('old/a.md', ['apple', 'banana']);
    await search.indexChunks('old/a.md', chunks);
    search.removePath('old/a.md');
    await search.indexChunks('new/a.md', chunks.map((chunk) => ({ ...chunk, path: 'new/a.md' })));
    expect(server.requests).toHaveLength(1);
    expect((await search.query('apple', 5)).map((hit) => hit.path)).toEqual(['new/a.md']);
  });

  test('unchanged chunks are not embedded again after a restart (saved and loaded)', async () => {
    const first = createHarness(server);
    const chunks = sections('a.md', ['apple', 'banana', 'cherry']);
    await first.search.indexChunks('a.md', chunks);
    await first.search.save();
    const second = createHarness(server, { storage: first.storage });
    await second.search.load();
    await second.search.indexChunks('a.md', [...chunks, makeChunk('a.md', '## durian\ndurian', 9)]);
    expect(inputsSent()).toEqual([...chunks.map((chunk) => chunk.text), '## durian\ndurian']);
  });

  test('a removed note leaves the results; a burst of edits records the last version', async () => {
    const { search } = createHarness(server);
    await search.indexChunks('a.md', sections('a.md', ['apple']));
    await search.indexChunks('b.md', sections('b.md', ['apple pie']));
    search.removePath('a.md');
    expect((await search.query('apple', 5)).map((hit) => hit.path)).toEqual(['b.md']);
    await Promise.all([search.indexChunks('b.md', sections('b.md', ['kiwi'])), search.indexChunks('b.md', sections('b.md', ['mango']))]);
    const hits = await search.query('mango', 5);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.hash).toBe(sections('b.md', ['mango'])[0]!.hash);
  });

  test('filter and limit apply to semantic results', async () => {
    const { search } = createHarness(server);
    for (const path of ['work/a.md', 'work/b.md', 'home/c.md']) await search.indexChunks(path, sections(path, ['budget plan', 'garden']));
    const hits = await search.query('budget plan', 2, (path) => path.startsWith('work/'));
    expect(hits.map((hit) => hit.path)).toEqual(['work/a.md', 'work/b.md']);
    const budgetHash = sections('x', ['budget plan'])[0]!.hash;
    expect(hits.map((hit) => hit.hash)).toEqual([budgetHash, budgetHash]);
    expect(hits[0]!.score).toBeGreaterThan(0.9);
  });

  test('a repeated query (next page) is embedded once', async () => {
    const { search } = createHarness(server);
    await search.indexChunks('a.md', sections('a.md', ['apple']));
    await search.query('fruit', 1);
    await search.query('fruit', 2);
    expect(inputsSent().filter((text) => text === 'fruit')).toHaveLength(1);
  });
});

describe('model or dimension change', () => {
  test('vectors of another size from the provider start a clean store and ask for re-indexing', async () => {
    const harness = createHarness(server);
    await harness.search.indexChunks('a.md', sections('a.md', ['apple', 'banana']));
    expect(harness.search.stats().dimensions).toBe(32);
    server.setDimensions(16);
    expect(await harness.search.query('apple', 5)).toEqual([]);
    expect(harness.invalidations).toBe(1);
    await harness.search.indexChunks('a.md', sections('a.md', ['apple', 'banana']));
    expect(harness.search.stats()).toMatchObject({ dimensions: 16, vectors: 2, paths: 1 });
    expect((await harness.search.query('apple', 1))[0]!.path).toBe('a.md');
  });

  test('a different configured model discards the saved vectors at load and re-embeds everything', async () => {
    const first = createHarness(server);
    const chunks = sections('a.md', ['apple', 'banana']);
    await first.search.indexChunks('a.md', chunks);
    await first.search.save();
    const second = createHarness(server, { storage: first.storage }, { model: 'other-embed' });
    await second.search.load();
    expect(second.invalidations).toBe(1);
    expect(second.search.stats().vectors).toBe(0);
    await second.search.indexChunks('a.md', chunks);
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'other-embed', input: chunks.map((chunk) => chunk.text) });
    await second.search.save();
    const names = await first.storage.list('search/vectors');
    const third = createHarness(server, { storage: first.storage }, { model: 'other-embed' });
    await third.search.load();
    expect(third.invalidations).toBe(0);
    expect(third.search.stats().vectors).toBe(2);
    expect(names.filter((name) => name.endsWith('.bin'))).toHaveLength(1);
  });

  test('asking for other dimensions is a model change too', async () => {
    const first = createHarness(server, {}, { dimensions: 32 });
    await first.search.indexChunks('a.md', sections('a.md', ['apple']));
    await first.search.save();
    const second = createHarness(server, { storage: first.storage }, { dimensions: 64 });
    await second.search.load();
    expect(second.invalidations).toBe(1);
  });
});
