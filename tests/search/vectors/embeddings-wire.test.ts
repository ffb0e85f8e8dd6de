import { isIndxError } from '../../../src/core/errors';
import { createHarness } from './harness';
import { startLoopbackEmbeddingsServer, type LoopbackEmbeddingsServer } from './loopback-embeddings-server';
import { makeChunk } from './make-chunk';

let server: LoopbackEmbeddingsServer;
beforeEach(async () => (server = await startLoopbackEmbeddingsServer()));
afterEach(() => server.close());

const notes = (count: number, path = 'notes/a.md') => Array.from({ length: count }, (_, index) => makeChunk(path, `## Part ${index}\nword${index} shared text`, index * 2));

describe('wire format (OpenAI /v1/embeddings through the AI SDK over real HTTP)', () => {
  test('POSTs the model, the texts as an input array, the dimensions and the bearer key', async () => {
    const { search } = createHarness(server, {}, { api_key: 'sk-test-123', dimensions: 32 });
    const chunks = notes(3);
    await search.indexChunks('notes/a.md', chunks);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1/embeddings');
    expect(request!.headers.authorization).toBe('Bearer sk-test-123');
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.body).toMatchObject({ model: 'test-embed', input: chunks.map((chunk) => chunk.text), dimensions: 32, encoding_format: 'float' });
  });

  test('sends no Authorization header when no key is configured (Ollama, LM Studio)', async () => {
    const { search } = createHarness(server);
    await search.indexChunks('notes/a.md', notes(1));
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.body.dimensions).toBeUndefined();
  });

  test('goes through the injected fetch (the plugin passes one built on requestUrl)', async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const { search } = createHarness(server, { fetch: recordingFetch });
    await search.indexChunks('notes/a.md', notes(2));
    expect(seen).toEqual([`${server.baseUrl}/embeddings`]);
  });

  test('rejects a configuration without base_url or model with invalid_input', () => {
    expect(() => createHarness(server, { provider: { model: '' } as never })).toThrow(expect.objectContaining({ code: 'invalid_input' }) as Error);
  });
});

describe('batching', () => {
  test('N chunks go out as ceil(N / batch_size) requests, in order', async () => {
    const { search } = createHarness(server, {}, { batch_size: 4 });
    const chunks = notes(10);
    await search.indexChunks('notes/a.md', chunks);
    expect(server.requests.map((request) => request.body.input!.length)).toEqual([4, 4, 2]);
    expect(server.requests.flatMap((request) => request.body.input)).toEqual(chunks.map((chunk) => chunk.text));
  });

  test('notes indexed together share batches, and a chunk shared by two notes is sent once', async () => {
    const { search } = createHarness(server, {}, { batch_size: 4 });
    const paths = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
    const shared = 'Common footer text';
    await Promise.all(paths.map((path) => search.indexChunks(path, [...notes(2, path).map((chunk) => makeChunk(path, `${path} ${chunk.text}`)), makeChunk(path, shared)])));
    const sent = server.requests.flatMap((request) => request.body.input!);
    expect(sent).toHaveLength(11);
    expect(sent.filter((text) => text === shared)).toHaveLength(1);
    expect(server.requests).toHaveLength(Math.ceil(11 / 4));
    const hits = await search.query(shared, 10);
    expect(hits.filter((hit) => hit.hash === makeChunk('x', shared).hash).map((hit) => hit.path).sort()).toEqual(paths);
  });
});

describe('retries with exponential backoff (injected sleep: the test never waits)', () => {
  test('a 500 then a 429 are retried and the third answer is used', async () => {
    const { search, sleeps } = createHarness(server);
    server.failNext({ status: 500 }, { status: 429 });
    await search.indexChunks('notes/a.md', notes(2));
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
    expect(search.stats().vectors).toBe(2);
    expect(search.available()).toBe(true);
  });

  test("a 429's Retry-After is honoured when longer than the backoff", async () => {
    const { search, sleeps } = createHarness(server);
    server.failNext({ status: 429, headers: { 'retry-after': '7' } });
    await search.indexChunks('notes/a.md', notes(1));
    expect(sleeps).toEqual([7000]);
  });

  test('when retries run out: embeddings_unavailable with the cause, then a cool-down, then available again', async () => {
    const harness = createHarness(server, {}, { max_retries: 2 });
    server.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    const failure: unknown = await harness.search.indexChunks('notes/a.md', notes(1)).catch((error: unknown) => error);
    expect(isIndxError(failure, 'embeddings_unavailable')).toBe(true);
    expect(failure).toMatchObject({ details: { status: 503, retryable: true, attempts: 3 } });
    expect((failure as Error).cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(3);
    expect(harness.sleeps).toEqual([500, 1000]);
    expect(harness.search.available()).toBe(false);
    await expect(harness.search.query('anything', 5)).rejects.toMatchObject({ code: 'embeddings_unavailable' });
    expect(server.requests).toHaveLength(3);
    harness.clock.now += 30_000;
    expect(harness.search.available()).toBe(true);
    expect(await harness.search.query('word1', 1)).toEqual([]);
  });

  test('a 401 is not retried: embeddings_failed, one request', async () => {
    const { search, sleeps } = createHarness(server, {}, { api_key: 'wrong' });
    server.failNext({ status: 401 });
    await expect(search.indexChunks('notes/a.md', notes(1))).rejects.toMatchObject({ code: 'embeddings_failed', details: { status: 401, retryable: false } });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  test('an unreachable server is embeddings_unavailable: after the retries when indexing, at once for a query', async () => {
    const { baseUrl } = server;
    await server.close();
    // The fetch is injected, as every host does: the SDK alone cannot tell jest's sandboxed
    // TypeError('fetch failed') from any other error.
    const indexing = createHarness({ ...server, baseUrl }, { fetch: (input, init) => fetch(input, init) }, { max_retries: 1 });
    await expect(indexing.search.indexChunks('notes/a.md', notes(1))).rejects.toMatchObject({ code: 'embeddings_unavailable', details: { status: null, retryable: true } });
    expect(indexing.sleeps).toEqual([500]);
    const querying = createHarness({ ...server, baseUrl }, { fetch: (input, init) => fetch(input, init) }, { max_retries: 1 });
    await expect(querying.search.query('hello', 3)).rejects.toMatchObject({ code: 'embeddings_unavailable', details: { status: null, retryable: true } });
    expect(querying.sleeps).toEqual([]);
    server = await startLoopbackEmbeddingsServer();
  });

  test('an answer with a missing vector is embeddings_failed, not stored', async () => {
    const { search } = createHarness(server);
    server.answerShort();
    await expect(search.indexChunks('notes/a.md', notes(3))).rejects.toMatchObject({ code: 'embeddings_failed' });
    expect(search.stats().vectors).toBe(0);
  });
});

describe('no provider configured', () => {
  test('unavailable, indexes nothing, and a query says embeddings_unavailable', async () => {
    const { search } = createHarness(server, { provider: null });
    expect(search.available()).toBe(false);
    await search.indexChunks('notes/a.md', notes(2));
    expect(server.requests).toHaveLength(0);
    await expect(search.query('x', 3)).rejects.toMatchObject({ code: 'embeddings_unavailable' });
    expect(search.stats()).toMatchObject({ configured: false, vectors: 0 });
  });
});
