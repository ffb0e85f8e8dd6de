import type { FetchFunction } from '../create-ai-sdk-embedder';

/** A provider's answer to a streamed request that came as one plain chat completion, as received. */
export interface WholeReply {
  status: number;
  headers: Headers;
  body: string;
}

/** Where `catchWholeReply` leaves the whole reply it caught. */
export interface WholeReplyCatch {
  reply?: WholeReply;
}

/**
 * `fetchFunction` for a request that asked for a stream, noticing a provider that answers it with
 * one plain chat completion instead of server-sent events (servers without streaming ignore
 * `stream: true`). Such an answer is kept in `caught.reply` and the request fails, so the SDK
 * stops reading it as a stream; the caller reads the kept reply as a non-streamed one (seed 002
 * §7: streaming is best effort). Event streams and failed requests pass untouched; any other
 * 2xx body that is not a chat completion passes as it came, for the SDK to reject.
 */
export function catchWholeReply(fetchFunction: FetchFunction, caught: WholeReplyCatch): FetchFunction {
  return async (input, init) => {
    const response = await fetchFunction(input, init);
    if (!response.ok || isEventStream(response)) return response;
    const body = await response.text();
    const reply = { status: response.status, headers: response.headers, body };
    if (!isChatCompletion(body)) return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    caught.reply = reply;
    throw new Error('The provider answered a request for a stream with one whole chat completion.');
  };
}

/** A fetch that answers every request with `reply` (a caught whole reply, read again by the SDK). */
export function replayWholeReply(reply: WholeReply): FetchFunction {
  return () => Promise.resolve(new Response(reply.body, { status: reply.status, headers: reply.headers }));
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

function isChatCompletion(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { choices?: unknown } | null;
    return typeof parsed === 'object' && parsed !== null && Array.isArray(parsed.choices);
  } catch {
    return false;
  }
}
