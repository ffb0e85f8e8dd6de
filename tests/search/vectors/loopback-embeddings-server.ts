import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback server received. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; input?: string[]; dimensions?: number; encoding_format?: string };
}

/** A scripted failure: the status to answer and optional headers (e.g. retry-after). */
export interface ScriptedFailure {
  status: number;
  headers?: Record<string, string>;
}

/** A real OpenAI-compatible embeddings server on 127.0.0.1, answering deterministic vectors. */
export interface LoopbackEmbeddingsServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL a client is configured with. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers the next requests with these failures, in order, before answering normally again. */
  failNext(...failures: ScriptedFailure[]): void;
  /** Vector size of later answers (a model switch behind the same URL). */
  setDimensions(dimensions: number): void;
  /** Makes later answers carry one vector too few. */
  answerShort(): void;
  /**
   * Refuses, from now on, every request holding a text longer than `characters` with a 400 "maximum
   * context length" error, as OpenAI does for an input over the model's token limit.
   */
  refuseLongerThan(characters: number): void;
  /** Leaves later requests unanswered (a provider that hangs) until `answerAgain`. */
  hang(): void;
  /** Answers the requests left hanging, and later ones, normally again. */
  answerAgain(): void;
  /** Requests the client gave up on (closed before the answer was sent). */
  readonly abandoned: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Hashed bag of words: every lower-cased word adds ±1 to one of `dimensions` components, so
 * texts that share words point the same way and the same text always gives the same vector.
 */
export function bagOfWordsVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv(word);
    vector[hash % dimensions]! += (hash >>> 16) & 1 ? 1 : -1;
  }
  vector[0]! += 0.001; // never the zero vector
  return vector;
}

function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (const character of text) hash = Math.imul(hash ^ character.codePointAt(0)!, 0x01000193);
  return hash >>> 0;
}

/** Starts the server; close it in afterEach/afterAll. */
export async function startLoopbackEmbeddingsServer(dimensions = 32): Promise<LoopbackEmbeddingsServer> {
  const state = { dimensions, failures: [] as ScriptedFailure[], short: false, longest: Infinity, hanging: false };
  const requests: RecordedRequest[] = [];
  const abandoned: RecordedRequest[] = [];
  const held: (() => void)[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (raw += part));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as RecordedRequest['body'];
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      requests.push(recorded);
      response.on('close', () => {
        if (!response.writableFinished) abandoned.push(recorded);
      });
      const answer = (): void => {
        const failure = state.failures.shift();
        if (failure !== undefined) return send(response, failure.status, { error: { message: `scripted ${failure.status}` } }, failure.headers);
        if (request.method !== 'POST' || request.url !== '/v1/embeddings') return send(response, 404, { error: { message: 'not found' } });
        if ((body.input ?? []).some((text) => text.length > state.longest)) return send(response, 400, { error: { message: "This model's maximum context length is 8192 tokens", type: 'invalid_request_error' } });
        const inputs = (body.input ?? []).slice(0, state.short ? -1 : undefined);
        const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: bagOfWordsVector(text, state.dimensions) }));
        send(response, 200, { object: 'list', model: body.model, data, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } });
      };
      if (state.hanging) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (...failures) => state.failures.push(...failures),
    setDimensions: (next) => (state.dimensions = next),
    answerShort: () => (state.short = true),
    refuseLongerThan: (characters) => (state.longest = characters),
    hang: () => (state.hanging = true),
    answerAgain: () => {
      state.hanging = false;
      for (const answer of held.splice(0)) answer();
    },
    abandoned,
    close: () => closeServer(server),
  };
}

function send(response: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
