import { requestUrl, type RequestUrlParam, type RequestUrlResponse } from 'obsidian';
import type { FetchFunction } from '../../core/ai/openai-compatible';

/** Obsidian's `requestUrl`, injectable for tests. */
export type RequestUrlFunction = (request: RequestUrlParam) => Promise<RequestUrlResponse>;

/** Statuses whose responses carry no body (the `Response` constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A WHATWG `fetch` built on Obsidian's `requestUrl`, for the AI providers: requests leave
 * through the app's network stack, so provider calls never fail on CORS (the renderer's own
 * `fetch` would send a preflight most providers refuse). Statuses of 400 and above resolve as
 * responses (`throw: false`), as with `fetch`; network failures reject. `requestUrl` cannot be
 * cancelled, so an aborted signal rejects at once and the late answer is dropped.
 */
export function createRequestUrlFetch(request: RequestUrlFunction = requestUrl): FetchFunction {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const signal = init?.signal ?? outgoing.signal;
    signal.throwIfAborted();
    const parameters = await toRequestParameters(outgoing);
    const response = await untilAborted(request(parameters), signal);
    const body = NULL_BODY_STATUSES.has(response.status) ? null : response.arrayBuffer;
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

async function toRequestParameters(outgoing: Request): Promise<RequestUrlParam> {
  const headers: Record<string, string> = {};
  outgoing.headers.forEach((value, name) => (headers[name] = value));
  const hasBody = outgoing.method !== 'GET' && outgoing.method !== 'HEAD';
  const body = hasBody ? await outgoing.arrayBuffer() : undefined;
  const contentType = outgoing.headers.get('content-type') ?? undefined;
  return { url: outgoing.url, method: outgoing.method, headers, contentType, body: body !== undefined && body.byteLength > 0 ? body : undefined, throw: false };
}

// The reason is usually a DOMException (AbortError, TimeoutError), possibly from another realm.
function toAbortError(reason: unknown): Error {
  const named = typeof reason === 'object' && reason !== null && typeof (reason as { name?: unknown }).name === 'string';
  return named ? (reason as Error) : new DOMException('The request was aborted.', 'AbortError');
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(toAbortError(signal.reason));
    signal.addEventListener('abort', abort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
