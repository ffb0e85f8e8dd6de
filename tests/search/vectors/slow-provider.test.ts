import { rm } from 'node:fs/promises';
import { VectorFeeder } from '../../../src/core/search/service/vector-feeder';
import type { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { openNoteHost, waitUntil } from './feeder-harness';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';

let server: LoopbackEmbeddingsServer;
let host: NodeVaultHost;
let root: string;
beforeEach(async () => {
  server = await startLoopbackEmbeddingsServer();
  ({ host, root } = await openNoteHost({ 'a.md': '# A\nalpha apples\n' }));
});
afterEach(async () => {
  server.answerAgain();
  await host.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('a provider that hangs', () => {
  test('a query waits at most its short timeout, is not retried, and pauses the provider so later searches go lexical at once', async () => {
    // 600 ms: room for the one request to reach the loopback server on a loaded machine (200 ms once lost that race in CI).
    const harness = createHarness(server, { queryTimeoutMs: 600 });
    server.hang();
    const started = Date.now();
    await expect(harness.search.query('anything', 3)).rejects.toMatchObject({ code: 'embeddings_unavailable', details: { retryable: true } });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
    expect(harness.search.available()).toBe(false);
  });

  test('stop() cancels the indexing request in flight and returns at once; the cancel pauses nothing', async () => {
    const harness = createHarness(server);
    const problems: string[] = [];
    const feeder = new VectorFeeder(harness.search, host, (message) => problems.push(message));
    server.hang();
    feeder.add('a.md');
    await waitUntil(() => server.requests.length === 1, 'the request');
    const started = Date.now();
    await feeder.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    await waitUntil(() => server.abandoned.length === 1, 'the request to be abandoned');
    expect(problems).toEqual([]);
    expect(harness.search.available()).toBe(true);
    expect(harness.search.stats().paths).toBe(0);
  });

  test('stop() also ends a wait between retries (a long Retry-After)', async () => {
    const sleeps: number[] = [];
    const harness = createHarness(server, { sleep: (milliseconds) => (sleeps.push(milliseconds), new Promise<void>(() => undefined)) });
    const feeder = new VectorFeeder(harness.search, host, () => undefined);
    server.failNext({ status: 429, headers: { 'retry-after': '30' } });
    feeder.add('a.md');
    await waitUntil(() => sleeps.length === 1, 'the retry wait');
    const started = Date.now();
    await feeder.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sleeps).toEqual([30_000]);
    expect(server.requests).toHaveLength(1);
  });

  test('the vector store stays usable after a cancel: later indexing goes through', async () => {
    const harness = createHarness(server);
    server.hang();
    const pending = harness.search.indexChunks('a.md', [{ path: 'a.md', heading: null, headingPath: [], line: 0, text: 'alpha apples', hash: '00000000000000aa' }]);
    await waitUntil(() => server.requests.length === 1, 'the request');
    harness.search.abortIndexing();
    await expect(pending).rejects.toMatchObject({ code: 'embeddings_unavailable', details: { cancelled: true } });
    server.answerAgain();
    await harness.search.indexChunks('b.md', [{ path: 'b.md', heading: null, headingPath: [], line: 0, text: 'beta bananas', hash: '00000000000000bb' }]);
    expect(harness.search.stats()).toMatchObject({ paths: 1, vectors: 1 });
  });
});
