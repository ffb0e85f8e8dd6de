import type { Response } from 'express';
import type { Caller } from '../../core/engine';
import { ResourceSubscriptions } from './resource-subscriptions';

/** A `subscriptions/listen` request, as the endpoint reads it before the SDK serves it. */
export interface ListenRequest {
  id: string | number;
  /** The filter's `resourceSubscriptions` (the strings among them). */
  resourceSubscriptions: string[];
}

interface ListenStream {
  caller: Caller;
  request: ListenRequest;
  response: Response;
  subscriptions: ResourceSubscriptions;
}

/** The JSON-RPC error code a stream ended for its token is closed with (as `/mcp` answers 401). */
const UNAUTHORIZED = -32001;

/** The `subscriptions/listen` request in a parsed body, or null when the body is none. */
export function toListenRequest(body: unknown): ListenRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const { method, id, params } = body as { method?: unknown; id?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } };
  if (method !== 'subscriptions/listen' || (typeof id !== 'string' && typeof id !== 'number')) return null;
  const uris = params?.notifications?.resourceSubscriptions;
  return { id, resourceSubscriptions: Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [] };
}

/**
 * The open modern `subscriptions/listen` streams, each with who opened it and its resource
 * filter. The SDK matches filters by exact string only; the endpoint matches changes against
 * these filters itself (see `publishModernChange`) and ends the streams of revoked tokens.
 */
export class ListenStreams {
  private readonly streams = new Set<ListenStream>();

  /** How many streams are open. */
  get size(): number {
    return this.streams.size;
  }

  /** Tracks `request` by `caller`, answered on `response`, until the response closes; `-32602` past the subscription limit. */
  track(caller: Caller, request: ListenRequest, response: Response): void {
    const subscriptions = new ResourceSubscriptions();
    for (const uri of request.resourceSubscriptions) subscriptions.add(uri);
    const stream: ListenStream = { caller, request, response, subscriptions };
    this.streams.add(stream);
    response.once('close', () => this.streams.delete(stream));
  }

  /** The filters of every open stream. */
  subscriptions(): ResourceSubscriptions[] {
    return [...this.streams].map((stream) => stream.subscriptions);
  }

  /** Every subscription of every open stream, with the caller that opened it. */
  subscribers(): { uri: string; caller: Caller }[] {
    return [...this.streams].flatMap((stream) => stream.subscriptions.uris().map((uri) => ({ uri, caller: stream.caller })));
  }

  /** How many streams `actor` has open. */
  countOf(actor: string): number {
    let count = 0;
    for (const stream of this.streams) if (stream.caller.actor === actor) count += 1;
    return count;
  }

  /** The actors with an open stream. */
  actors(): Set<string> {
    return new Set([...this.streams].map((stream) => stream.caller.actor));
  }

  /** Ends every stream opened by one of `actors` with a JSON-RPC error saying `reason`. */
  end(actors: ReadonlySet<string>, reason: string): void {
    for (const stream of this.streams) {
      if (!actors.has(stream.caller.actor)) continue;
      this.streams.delete(stream);
      endStream(stream, reason);
    }
  }
}

/** Ends a stream with the error as the listen request's response; nothing the SDK writes later gets out. */
function endStream(stream: ListenStream, reason: string): void {
  const { response } = stream;
  // The SDK may still write a queued frame or a keep-alive before it sees the close: drop it.
  response.on('error', () => undefined);
  if (!response.headersSent) {
    response.destroy();
    return;
  }
  const answer = { jsonrpc: '2.0', id: stream.request.id, error: { code: UNAUTHORIZED, message: reason, data: { code: 'unauthorized', details: {} } } };
  if (!response.writableEnded) response.end(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
}
