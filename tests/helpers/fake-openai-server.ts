import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** Whatever `JSON.parse` gives back: tests read request bodies freely. */
export type ParsedJson = ReturnType<typeof JSON.parse>;

/** One request the fake server received: its path (with query), parsed JSON body and flattened headers. */
export interface FakeRequest {
  path: string;
  body: ParsedJson;
  headers: Record<string, string>;
}

/** What the fake server answers to one chat completion request. */
export interface FakeChatReply {
  /** Sent as the message content, JSON.stringify'd. */
  json?: unknown;
  /** Sent verbatim as the message content (`json` wins when both are given). */
  content?: string;
  finish_reason?: 'stop' | 'length';
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** An HTTP error status to answer instead of a reply. */
  status?: number;
  /** Waits this long before answering. */
  delay_ms?: number;
  /** Answers a plain chat completion (application/json) even to a `stream: true` request, as servers without streaming do. */
  ignore_stream?: boolean;
}

type ChatHandler = (body: ParsedJson, index: number) => FakeChatReply | Promise<FakeChatReply>;
type EmbeddingsHandler = (inputs: string[]) => number[][];

/** A loopback OpenAI-compatible server (chat completions + embeddings) that records every request. */
export interface FakeOpenAiServer {
  /** Base URL ending in /v1, e.g. http://127.0.0.1:PORT/v1. */
  url: string;
  /** Every request received, in arrival order. */
  requests: FakeRequest[];
  /** Bodies of the /v1/chat/completions requests, in arrival order. */
  chatRequests(): ParsedJson[];
  /** Scripts chat replies; `index` counts chat requests from 0. Default: content '{}'. */
  onChat(handler: ChatHandler): void;
  /** Scripts embedding vectors; without a handler, back to the default deterministic 8-dimension vectors. */
  onEmbeddings(handler?: EmbeddingsHandler): void;
  /** Stops listening and drops open connections (pending delayed replies never arrive); safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_USAGE = { prompt_tokens: 10, completion_tokens: 5 };
const EMBEDDING_DIMENSIONS = 8;

/** Deterministic vector of `EMBEDDING_DIMENSIONS` components from a hash of the text (never the zero vector). */
export function fakeEmbedding(text: string): number[] {
  const vector: number[] = [];
  let hash = 0x811c9dc5;
  for (const character of text) hash = Math.imul(hash ^ character.codePointAt(0)!, 0x01000193);
  for (let index = 0; index < EMBEDDING_DIMENSIONS; index += 1) {
    hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
    vector.push(((hash % 2001) - 1000) / 1000);
  }
  vector[0] = vector[0]! + 0.001;
  return vector;
}

/** Starts the fake server on 127.0.0.1 with a free port; close it in afterEach/afterAll. */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: FakeRequest[] = [];
  const closing = new AbortController();
  const state: { chat: ChatHandler; embeddings: EmbeddingsHandler; chatCount: number } = {
    chat: () => ({}),
    embeddings: defaultEmbeddings,
    chatCount: 0,
  };
  const server = createServer((request, response) => {
    void readBody(request).then((raw) => handle(request, response, raw));
  });
  async function handle(request: IncomingMessage, response: ServerResponse, raw: string): Promise<void> {
    const body = parseJson(raw);
    const recorded: FakeRequest = { path: request.url ?? '', body, headers: flattenHeaders(request.headers) };
    requests.push(recorded);
    const path = recorded.path.split('?')[0];
    try {
      if (request.method === 'POST' && path === '/v1/chat/completions') return await answerChat(response, body, state.chatCount++);
      if (request.method === 'POST' && path === '/v1/embeddings') return answerEmbeddings(response, objectOf(body));
      sendJson(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'invalid_request_error' } });
    } catch (error) {
      sendJson(response, 500, { error: { message: `fake server handler failed: ${String(error)}`, type: 'server_error' } });
    }
  }
  async function answerChat(response: ServerResponse, body: unknown, index: number): Promise<void> {
    const reply = await state.chat(body, index);
    const request = objectOf(body);
    if (reply.delay_ms !== undefined && reply.delay_ms > 0) await delay(reply.delay_ms, undefined, { signal: closing.signal });
    if (reply.status !== undefined && reply.status >= 400) {
      return sendJson(response, reply.status, { error: { message: `scripted error ${reply.status}`, type: 'server_error' } });
    }
    if (request.stream === true && reply.ignore_stream !== true) return sendStream(response, request, reply);
    sendJson(response, 200, completion(request, reply));
  }
  function answerEmbeddings(response: ServerResponse, body: Record<string, unknown>): void {
    const inputs = (Array.isArray(body.input) ? (body.input as unknown[]) : [body.input]).map((input) => (typeof input === 'string' ? input : JSON.stringify(input ?? '')));
    const vectors = state.embeddings(inputs);
    const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
    const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    sendJson(response, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => chatBodies(requests),
    onChat: (handler) => (state.chat = handler),
    onEmbeddings: (handler) => (state.embeddings = handler ?? defaultEmbeddings),
    close: () => {
      if (closing.signal.aborted) return Promise.resolve();
      closing.abort();
      return closeServer(server);
    },
  };
}

function chatBodies(requests: FakeRequest[]): unknown[] {
  const bodies: unknown[] = [];
  for (const request of requests) if (request.path.split('?')[0] === '/v1/chat/completions') bodies.push(request.body);
  return bodies;
}

function defaultEmbeddings(inputs: string[]): number[][] {
  return inputs.map(fakeEmbedding);
}

function replyContent(reply: FakeChatReply): string {
  if (reply.json !== undefined) return JSON.stringify(reply.json);
  return reply.content ?? '{}';
}

function usageOf(reply: FakeChatReply): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  const usage = reply.usage ?? DEFAULT_USAGE;
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

function completion(body: Record<string, unknown>, reply: FakeChatReply): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: modelOf(body),
    choices: [{ index: 0, message: { role: 'assistant', content: replyContent(reply) }, finish_reason: reply.finish_reason ?? 'stop' }],
    usage: usageOf(reply),
  };
}

/** Splits content into (at most) four pieces so a client sees several deltas. */
function pieces(content: string): string[] {
  if (content.length < 2) return [content];
  const size = Math.max(1, Math.ceil(content.length / 4));
  const parts: string[] = [];
  for (let start = 0; start < content.length; start += size) parts.push(content.slice(start, start + size));
  return parts;
}

function sendStream(response: ServerResponse, body: Record<string, unknown>, reply: FakeChatReply): void {
  if (response.destroyed) return;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model: modelOf(body) };
  const chunk = (choices: unknown[], extra: object = {}): string => `data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`;
  const parts = pieces(replyContent(reply));
  let text = chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  for (const part of parts) text += chunk([{ index: 0, delta: { content: part }, finish_reason: null }]);
  text += chunk([{ index: 0, delta: {}, finish_reason: reply.finish_reason ?? 'stop' }]);
  if (objectOf(body.stream_options).include_usage === true) text += chunk([], { usage: usageOf(reply) });
  text += 'data: [DONE]\n\n';
  response.end(text);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (raw += part));
    request.on('end', () => resolve(raw));
    request.on('error', () => resolve(raw));
  });
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function modelOf(body: Record<string, unknown>): string {
  return typeof body.model === 'string' ? body.model : 'fake-model';
}

function parseJson(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
