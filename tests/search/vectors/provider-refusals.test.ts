import { rm } from 'node:fs/promises';
import { VectorFeeder } from '../../../src/core/search/service/vector-feeder';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { createFakeScheduler, openNoteHost } from './feeder-harness';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';

let server: LoopbackEmbeddingsServer;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer()));
afterEach(() => server.close());

const sections = (path: string, words: string[]) => words.map((word, index) => makeChunk(path, `## ${word}\n${word} notes about ${word}`, index * 3));

describe('a refused input pauses nothing (OpenAI answers 400 for a text over the context length)', () => {
  test('an over-long query is refused as embeddings_failed; semantic search and indexing go on for everyone', async () => {
    const { search } = createHarness(server);
    await search.indexChunks('a.md', sections('a.md', ['rivers']));
    server.refuseLongerThan(1000);
    await expect(search.query('rivers '.repeat(3000), 5)).rejects.toMatchObject({ code: 'embeddings_failed', details: { status: 400 } });
    expect(search.available()).toBe(true);
    await search.indexChunks('b.md', sections('b.md', ['mountains']));
    expect(search.stats().paths).toBe(2);
    expect((await search.query('rivers', 5))[0]!.path).toBe('a.md');
  });

  test('a query is cut to 2,000 characters before it is sent (a search query, not a document)', async () => {
    const { search } = createHarness(server);
    await search.query('word '.repeat(4000), 5);
    expect(server.requests[0]!.body.input).toEqual(['word '.repeat(400)]);
  });

  test('one refused chunk does not fail its neighbours: it is skipped, reported once by heading, and never sent again, even after a restart', async () => {
    const first = createHarness(server, {}, { batch_size: 8 });
    server.refuseLongerThan(500);
    const long = makeChunk('a.md', `## Appendix\n${'data '.repeat(200)}`, 10);
    const chunks = [...sections('a.md', ['apple', 'banana', 'cherry']), long, ...sections('a.md', ['damson', 'elder'])];
    const failure: unknown = await first.search.indexChunks('a.md', chunks).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'embeddings_failed', details: { path: 'a.md', refused: 1, headings: ['Appendix'], status: 400 } });
    expect(first.search.stats()).toMatchObject({ vectors: 5, paths: 1, refused_chunks: 1 });
    expect(first.search.available()).toBe(true);
    const sent = server.requests.length;
    await first.search.indexChunks('a.md', chunks);
    expect(server.requests.length).toBe(sent);
    await first.search.save();
    const second = createHarness(server, { storage: first.storage }, { batch_size: 8 });
    await second.search.load();
    await second.search.indexChunks('a.md', chunks);
    expect(server.requests.length).toBe(sent);
    expect((await second.search.query('banana', 1))[0]).toMatchObject({ path: 'a.md', hash: chunks[1]!.hash });
  });

  test('a provider that refuses every input (a model without the requested dimensions) is paused, and no chunk is marked refused', async () => {
    const harness = createHarness(server);
    const chunks = sections('a.md', ['apple', 'banana', 'cherry']);
    server.failNext({ status: 400 }, { status: 400 });
    await expect(harness.search.indexChunks('a.md', chunks)).rejects.toMatchObject({ code: 'embeddings_failed', details: { status: 400 } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.input).toHaveLength(1);
    expect(harness.search.available()).toBe(false);
    expect(harness.search.stats()).toMatchObject({ refused_chunks: 0, last_error: { code: 'embeddings_failed' } });
    harness.clock.now += 30_000;
    await harness.search.indexChunks('a.md', chunks);
    expect(harness.search.stats()).toMatchObject({ vectors: 3, paths: 1 });
  });

  test('a refused key (401) still pauses the provider for everyone', async () => {
    const { search } = createHarness(server, {}, { api_key: 'wrong' });
    server.failNext({ status: 401 });
    await expect(search.indexChunks('a.md', sections('a.md', ['apple']))).rejects.toMatchObject({ code: 'embeddings_failed', details: { status: 401 } });
    expect(search.available()).toBe(false);
  });
});

describe('notes offered while the provider is paused', () => {
  let host: NodeVaultHost;
  let root: string;
  beforeEach(async () => ({ host, root } = await openNoteHost({ 'a.md': '# A\nalpha apples\n', 'b.md': '# B\nbeta bananas\n', 'c.md': 'gamma cherries\n' })));
  afterEach(async () => {
    await host.close();
    await rm(root, { recursive: true, force: true });
  });

  test('are kept, not sent during the pause, and embedded once it ends', async () => {
    const harness = createHarness(server, {}, { max_retries: 0 });
    const timers = createFakeScheduler(harness.clock);
    const problems: string[] = [];
    const feeder = new VectorFeeder(harness.search, host, (message) => problems.push(message), { scheduler: timers.scheduler });
    server.failNext({ status: 503 });
    feeder.add('a.md');
    await feeder.idle();
    expect(harness.search.available()).toBe(false);
    expect(problems).toHaveLength(1);
    feeder.add('b.md');
    feeder.add('c.md');
    await feeder.idle();
    expect(server.requests).toHaveLength(1);
    expect(harness.search.stats().paths).toBe(0);
    harness.clock.now += 29_000;
    timers.fireDue();
    expect(timers.pending()).toBe(1);
    harness.clock.now += 1_000;
    timers.fireDue();
    await feeder.idle();
    expect(harness.search.stats().paths).toBe(3);
    expect((await harness.search.query('beta bananas', 1))[0]!.path).toBe('b.md');
  });

  test('a note deleted during the pause is not offered again', async () => {
    const harness = createHarness(server, {}, { max_retries: 0 });
    const timers = createFakeScheduler(harness.clock);
    const feeder = new VectorFeeder(harness.search, host, () => undefined, { scheduler: timers.scheduler });
    server.failNext({ status: 503 });
    feeder.add('a.md');
    feeder.add('b.md');
    await feeder.idle();
    feeder.remove('b.md');
    harness.clock.now += 30_000;
    timers.fireDue();
    await feeder.idle();
    expect(server.requests.flatMap((request) => request.body.input ?? []).filter((text) => text.includes('beta'))).toEqual([]);
    expect(harness.search.stats().paths).toBe(1);
  });
});
