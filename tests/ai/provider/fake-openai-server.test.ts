import { setTimeout as delay } from 'node:timers/promises';
import { fakeEmbedding, startFakeOpenAiServer, type FakeOpenAiServer } from '../../helpers/fake-openai-server';

/** The parts of an OpenAI chat completion (or stream chunk) the tests read. */
interface Completion {
  choices: { message?: { content: string }; delta?: { content?: string }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** The parts of an OpenAI embeddings answer the tests read. */
interface Embeddings {
  data: { embedding: number[] }[];
}

const readJson = <T>(response: Response): Promise<T> => response.json() as Promise<T>;

// The loopback provider every AI surface test talks to: it must speak the OpenAI wire format.
describe('fake OpenAI server', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: JSON.stringify(body) });

  it('answers a chat completion with "{}" and the default usage, and records the request', async () => {
    const response = await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const body = await readJson<Completion>(response);
    expect(response.status).toBe(200);
    expect(body.choices[0]!.message!.content).toBe('{}');
    expect(body.choices[0]!.finish_reason).toBe('stop');
    expect(body.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.chatRequests()).toEqual([{ model: 'm', messages: [{ role: 'user', content: 'hi' }] }]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer k');
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it('serves scripted replies with the request index', async () => {
    server.onChat((body: { model: string }, index) => (index === 0 ? { json: { echo: body.model }, finish_reason: 'length', usage: { prompt_tokens: 3, completion_tokens: 4 } } : { status: 500 }));
    const first = await readJson<Completion>(await post('/chat/completions', { model: 'x', messages: [] }));
    expect(JSON.parse(first.choices[0]!.message!.content)).toEqual({ echo: 'x' });
    expect(first.choices[0]!.finish_reason).toBe('length');
    expect(first.usage?.total_tokens).toBe(7);
    const second = await post('/chat/completions', { model: 'x', messages: [] });
    expect(second.status).toBe(500);
  });

  it('streams SSE chunks ending in [DONE], usage last when include_usage is asked', async () => {
    server.onChat(() => ({ content: 'abcdefghij' }));
    const response = await post('/chat/completions', { model: 'm', messages: [], stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const lines = (await response.text()).split('\n').filter((line) => line.startsWith('data: '));
    expect(lines.at(-1)).toBe('data: [DONE]');
    const chunks = lines.slice(0, -1).map((line) => JSON.parse(line.slice(6)) as Completion);
    const text = chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe('abcdefghij');
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta?.content).length).toBeGreaterThan(1);
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  });

  it('answers embeddings with deterministic 8-dimension vectors, or scripted ones', async () => {
    const body = await readJson<Embeddings>(await post('/embeddings', { model: 'e', input: ['a', 'b'] }));
    expect(body.data.map((item) => item.embedding)).toEqual([fakeEmbedding('a'), fakeEmbedding('b')]);
    expect(fakeEmbedding('a')).toHaveLength(8);
    expect(fakeEmbedding('a')).not.toEqual(fakeEmbedding('b'));
    server.onEmbeddings((inputs) => inputs.map(() => [1, 0]));
    const scripted = await readJson<Embeddings>(await post('/embeddings', { model: 'e', input: ['a'] }));
    expect(scripted.data[0]!.embedding).toEqual([1, 0]);
  });

  it('delays a reply, and closes (twice, safely) with a reply still pending', async () => {
    server.onChat(() => ({ delay_ms: 150 }));
    const started = Date.now();
    await post('/chat/completions', { model: 'm', messages: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    server.onChat(() => ({ delay_ms: 60_000 }));
    const pending = post('/chat/completions', { model: 'm', messages: [] }).catch((error: unknown) => error);
    await delay(50);
    await server.close();
    expect(String(await pending)).toMatch(/fetch failed/);
    await server.close();
  });

  it('answers 404 for unknown routes', async () => {
    const response = await post('/nothing', {});
    expect(response.status).toBe(404);
  });
});
