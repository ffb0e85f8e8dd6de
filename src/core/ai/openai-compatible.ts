/**
 * The part of the OpenAI-compatible HTTP API indx calls: chat completions (whole or as
 * server-sent events) and embeddings, over an injected `fetch`. It replaces the Vercel AI SDK,
 * of which indx used these three calls only, at a cost of about 600 kB in main.js (decision
 * 0010). What a call means for indx (retries, deadlines, error codes, structured output) is
 * decided by its callers, `create-chat.ts` and `create-embedder.ts`.
 */

import { isIndxError } from '../errors';

/**
 * The `fetch` requests leave with: hosts inject one (Obsidian's built on `requestUrl`, which
 * avoids CORS; Node's global `fetch` headless). Without one the global `fetch` is used.
 */
export type FetchFunction = typeof fetch;

/** Where requests go. */
export interface OpenAiEndpoint {
  /** The API's base URL, `/chat/completions` and `/embeddings` are appended to it. */
  base_url: string;
  api_key?: string;
  fetch?: FetchFunction;
}

/**
 * An HTTP request that failed: not sent or not answered (`statusCode` undefined), or answered
 * with an error status. Its fields are the ones error translation reads.
 */
export class ApiCallError extends Error {
  readonly statusCode: number | undefined;
  readonly responseBody: string | undefined;
  readonly responseHeaders: Record<string, string>;
  /** Worth another try: not answered, or 408, 409, 429, 5xx. */
  readonly isRetryable: boolean;

  constructor(message: string, failure: { statusCode?: number; responseBody?: string; responseHeaders?: Record<string, string>; cause?: unknown }) {
    super(message, failure.cause === undefined ? undefined : { cause: failure.cause });
    this.name = 'ApiCallError';
    this.statusCode = failure.statusCode;
    this.responseBody = failure.responseBody;
    this.responseHeaders = failure.responseHeaders ?? {};
    const status = failure.statusCode;
    this.isRetryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
  }
}

/** True for an {@link ApiCallError}, also one made in another realm (jest's sandbox). */
export function isApiCallError(value: unknown): value is ApiCallError {
  return value instanceof ApiCallError || (value as { name?: unknown } | null)?.name === 'ApiCallError';
}

/** Why the model stopped, in the API's own words, `other` for anything unknown. */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'other';

/** Tokens as the provider counted them. */
export interface TokenUsage {
  input_tokens?: number;
  output_tokens?: number;
}

/** One chat completion request. */
export interface ChatCompletionRequest {
  model: string;
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  temperature?: number;
  max_tokens?: number;
  seed?: number;
  /** Structured output: response_format json_schema. */
  json_schema?: { name: string; schema: unknown; strict: boolean };
}

/** A reply read whole. */
export interface ChatCompletion {
  text: string;
  finish_reason: FinishReason;
  usage?: TokenUsage;
}

/** A piece of a streamed reply: text as it arrives, then one `finish`. */
export type ChatStreamPart = { type: 'text'; text: string } | { type: 'finish'; finish_reason: FinishReason; usage?: TokenUsage };

/** The answer to a request for a stream: events, or one whole reply from a server that does not stream. */
export type ChatStreamAnswer = { kind: 'stream'; parts: AsyncGenerator<ChatStreamPart> } | { kind: 'whole'; reply: ChatCompletion };

interface WireChoice {
  message?: { content?: unknown };
  delta?: { content?: unknown };
  finish_reason?: unknown;
}

interface WireCompletion {
  choices?: WireChoice[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown } | string;
}

const FINISH_REASONS: Record<string, FinishReason> = { stop: 'stop', length: 'length', content_filter: 'content_filter', tool_calls: 'tool_calls', function_call: 'tool_calls' };

/** Asks for one chat completion, read whole. */
export async function chatCompletion(endpoint: OpenAiEndpoint, request: ChatCompletionRequest, signal: AbortSignal): Promise<ChatCompletion> {
  const response = await post(endpoint, '/chat/completions', chatBody(request, false), signal);
  return completionOf(await readJson(response, signal));
}

/**
 * Asks for a chat completion as server-sent events. A server without streaming ignores
 * `stream: true` and answers one whole completion: that is returned as `whole` (seed 002 §7:
 * streaming is best effort). A 2xx answer that is neither fails.
 */
export async function chatCompletionStream(endpoint: OpenAiEndpoint, request: ChatCompletionRequest, signal: AbortSignal): Promise<ChatStreamAnswer> {
  const response = await post(endpoint, '/chat/completions', chatBody(request, true), signal);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('text/event-stream') && response.body !== null) return { kind: 'stream', parts: streamParts(response.body, signal) };
  return { kind: 'whole', reply: completionOf(await readJson(response, signal)) };
}

/** Embeds `input` in one request: one vector per text, in order. */
export async function createEmbeddings(endpoint: OpenAiEndpoint, body: { model: string; input: string[]; dimensions?: number }, signal: AbortSignal): Promise<number[][]> {
  const response = await post(endpoint, '/embeddings', { model: body.model, input: body.input, encoding_format: 'float', ...(body.dimensions === undefined ? {} : { dimensions: body.dimensions }) }, signal);
  const answer = (await readJson(response, signal)) as { data?: unknown };
  if (!Array.isArray(answer.data)) throw new Error('The embeddings answer has no data list.');
  const items = (answer.data as { index?: unknown; embedding?: unknown }[]).map((item, position) => ({ index: typeof item.index === 'number' ? item.index : position, embedding: item.embedding }));
  return items.sort((left, right) => left.index - right.index).map((item) => (Array.isArray(item.embedding) ? (item.embedding as number[]) : []));
}

function chatBody(request: ChatCompletionRequest, stream: boolean): Record<string, unknown> {
  const schema = request.json_schema;
  return {
    model: request.model,
    messages: [{ role: 'system', content: request.system }, ...request.messages],
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.max_tokens === undefined ? {} : { max_tokens: request.max_tokens }),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(schema === undefined ? {} : { response_format: { type: 'json_schema', json_schema: schema } }),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

async function post(endpoint: OpenAiEndpoint, path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  const url = `${endpoint.base_url.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.api_key !== undefined) headers.authorization = `Bearer ${endpoint.api_key}`;
  let response: Response;
  try {
    // The platform's fetch headless; the plugin always injects its own, built on requestUrl.
    response = await (endpoint.fetch ?? fetch)(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error: unknown) {
    // Cancelled or timed out: as it is (the caller tells which). Anything else never reached the
    // provider (refused, DNS, TLS, offline), whatever fetch the host injected.
    if (signal.aborted || isIndxError(error)) throw error;
    // Security: a base URL may carry a key (userinfo, a query); fetch's own message repeats the URL.
    throw new ApiCallError(`Cannot connect to ${displayAddress(url)}: ${withoutUrlSecrets(messageOf(error), url)}`, { cause: error });
  }
  if (!response.ok) {
    const responseBody = await response.text().catch(() => '');
    throw new ApiCallError(`HTTP ${response.status} ${response.statusText}`.trim(), { statusCode: response.status, responseBody, responseHeaders: headersOf(response.headers) });
  }
  return response;
}

async function readJson(response: Response, signal: AbortSignal): Promise<unknown> {
  const text = await response.text().catch((error: unknown) => {
    throw brokenAnswer(error, signal);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`The provider answered something that is not JSON: ${text.slice(0, 200)}`);
  }
}

function completionOf(answer: unknown): ChatCompletion {
  const completion = answer as WireCompletion | null;
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  if (choice === undefined) throw new Error(`The provider's answer is not a chat completion: ${JSON.stringify(answer).slice(0, 200)}`);
  const content = choice.message?.content;
  return { text: typeof content === 'string' ? content : '', finish_reason: finishReasonOf(choice.finish_reason), ...usageOf(completion?.usage) };
}

async function* streamParts(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<ChatStreamPart> {
  let finishReason: FinishReason = 'other';
  let usage: TokenUsage | undefined;
  for await (const data of serverSentData(body, signal)) {
    if (data.trim() === '[DONE]') break;
    let chunk: WireCompletion;
    try {
      chunk = JSON.parse(data) as WireCompletion;
    } catch {
      throw new Error(`The provider's stream holds an event that is not JSON: ${data.slice(0, 200)}`);
    }
    if (chunk.error !== undefined) throw new ApiCallError(`The provider's stream reports an error`, { statusCode: 200, responseBody: data });
    usage = usageOf(chunk.usage).usage ?? usage;
    const choice = chunk.choices?.[0];
    if (choice?.finish_reason !== undefined && choice.finish_reason !== null) finishReason = finishReasonOf(choice.finish_reason);
    const text = choice?.delta?.content;
    if (typeof text === 'string' && text !== '') yield { type: 'text', text };
  }
  yield { type: 'finish', finish_reason: finishReason, ...(usage === undefined ? {} : { usage }) };
}

/** The `data` of each server-sent event (WHATWG HTML §9.2.6: lines, `data:` fields, blank line ends an event). */
async function* serverSentData(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read().catch((error: unknown) => {
        throw brokenAnswer(error, signal);
      });
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
      if (done) {
        if (data.length > 0) yield data.join('\n');
        return;
      }
    }
  } finally {
    // A consumer that stops early (an error, a cancel) lets go of the connection.
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * A failure while the answer's body arrived: the connection broke (a reset, "terminated"), which
 * is a network failure without a status, worth a retry when nothing was shown yet. A cancel or
 * timeout passes as it is (the caller tells which).
 */
function brokenAnswer(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted || isIndxError(error)) return error;
  return new ApiCallError(`The connection broke while the answer arrived: ${messageOf(error)}`, { cause: error });
}

function finishReasonOf(reason: unknown): FinishReason {
  return typeof reason === 'string' ? (FINISH_REASONS[reason] ?? 'other') : 'other';
}

function usageOf(usage: WireCompletion['usage']): { usage?: TokenUsage } {
  if (usage === undefined || usage === null) return {};
  const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const input = count(usage.prompt_tokens);
  const output = count(usage.completion_tokens);
  return { usage: { ...(input === undefined ? {} : { input_tokens: input }), ...(output === undefined ? {} : { output_tokens: output }) } };
}

function headersOf(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, key) => {
    record[key] = value;
  });
  return record;
}

function messageOf(error: unknown): string {
  const failure = error as { message?: unknown; cause?: { message?: unknown } } | null;
  const message = typeof failure?.message === 'string' ? failure.message : String(error);
  const cause = failure?.cause?.message;
  return typeof cause === 'string' && cause !== '' ? `${message}: ${cause}` : message;
}

/** A provider's address as shown in messages: origin and path, never userinfo or a query (either may carry a key). */
export function displayAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return 'its configured address';
  }
}

/** `text` with `url` shown by {@link displayAddress}, and any other userinfo or query of a URL in it dropped. */
function withoutUrlSecrets(text: string, url: string): string {
  return text
    .split(url)
    .join(displayAddress(url))
    .replace(/(\w+:\/\/)[^/@\s]*@/g, '$1')
    .replace(/(\w+:\/\/[^\s?#]*)[?#]\S*/g, '$1');
}
