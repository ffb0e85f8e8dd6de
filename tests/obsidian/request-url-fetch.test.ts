jest.mock('obsidian', () => jest.requireActual<object>('./fake/obsidian'), { virtual: true });

import { setTimeout as delay } from 'node:timers/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmbedder } from '../../src/core/ai/create-embedder';
import { parseEmbeddingProviderConfig } from '../../src/core/ai/embedding-provider-config';
import { createRequestUrlFetch } from '../../src/hosts/obsidian/request-url-fetch';
import { requestLog, requestUrl } from './fake/obsidian';

/** A loopback server answering by path: /echo echoes, /status/N answers N, /embeddings plays an OpenAI-compatible API. */
async function startServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const status = /^\/status\/(\d+)$/.exec(request.url ?? '');
  if (status !== null) {
    response.writeHead(Number(status[1]), { 'content-type': 'application/json', 'x-answer': 'status' });
    return void response.end(Number(status[1]) === 204 ? undefined : JSON.stringify({ error: { message: 'nope' } }));
  }
  if (request.url === '/slow') return void delay(5000).then(() => response.end('late'));
  if (request.url === '/v1/embeddings') {
    const input = (JSON.parse(body) as { input: string[] }).input;
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ object: 'list', model: 'test', data: input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1] })), usage: { prompt_tokens: 1, total_tokens: 1 } }));
  }
  response.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' });
  response.end(JSON.stringify({ method: request.method, headers: request.headers, body }));
}

describe('a fetch built on requestUrl', () => {
  let server: Server;
  let url: string;
  const fetchOnRequestUrl = createRequestUrlFetch(requestUrl);

  beforeAll(async () => ({ url, server } = await startServer()));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => (requestLog.length = 0));

  it('sends method, headers and body through requestUrl and returns a WHATWG Response', async () => {
    const response = await fetchOnRequestUrl(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: JSON.stringify({ a: 1 }) });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    const echoed = (await response.json()) as { method: string; headers: Record<string, string>; body: string };
    expect(echoed).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer k', 'content-type': 'application/json' } });
    expect(requestLog).toEqual([expect.objectContaining({ url: `${url}/echo`, method: 'POST', throw: false })]);
  });

  // Obsidian: requestUrl rejects statuses of 400 and above unless `throw: false`; fetch resolves them.
  it('resolves error statuses as responses and gives 204 no body', async () => {
    const notFound = await fetchOnRequestUrl(`${url}/status/404`);
    expect(notFound.ok).toBe(false);
    expect(await notFound.json()).toEqual({ error: { message: 'nope' } });
    const empty = await fetchOnRequestUrl(`${url}/status/204`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('rejects at once when the signal aborts, with the signal reason', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(fetchOnRequestUrl(`${url}/echo`, { signal: aborted.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const started = Date.now();
    await expect(fetchOnRequestUrl(`${url}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
    // Well before /slow answers (5 s): about 50–70 ms, even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('rejects when the server cannot be reached', async () => {
    await expect(fetchOnRequestUrl('http://127.0.0.1:9/unreachable')).rejects.toThrow();
  });

  it('carries the AI SDK embeddings provider end to end', async () => {
    const embed = createEmbedder(parseEmbeddingProviderConfig({ base_url: `${url}/v1`, model: 'test', api_key: 'secret' }), fetchOnRequestUrl);
    expect(await embed(['ab', 'abcd'], { timeoutMs: 5000 })).toEqual([
      [2, 1],
      [4, 1],
    ]);
    expect(requestLog[0]).toMatchObject({ url: `${url}/v1/embeddings`, method: 'POST', headers: expect.objectContaining({ authorization: 'Bearer secret' }) as unknown });
  });
});
