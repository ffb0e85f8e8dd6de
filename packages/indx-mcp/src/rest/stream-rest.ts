import { Readable } from 'node:stream';
import type { Operation } from '../../../../src/core/ops/operation';
import type { RestRoute } from '../../../../src/server/rest/rest-route';
import { COMPLETE_EVENT, ERROR_EVENT } from '../../../../src/server/rest/stream-route';
import type { ServerTarget } from '../connect/locate-server';
import { readSseEvents } from '../mcp/relay/sse-events';
import { CommandFailure } from './command-failure';
import { isRecord } from './is-record';
import { fromEnvelope, readReply } from './read-reply';
import { openHttpRequest, readResponseText, type HttpResponseStream } from './send-http-request';
import { toRestRequest } from './to-rest-request';

/** A streamed event as the server sends it: `{type, …}`. */
export type StreamedEvent = Record<string, unknown> & { type: string };

/** Options of {@link streamRest}. */
export interface StreamRestOptions {
  /** Every route the server may have (default: the operation's own). */
  routes?: readonly RestRoute[];
  /** How long the server may stay silent between events (default: the sender's, 30 s). */
  timeoutMs?: number;
  /** Receives each event before the closing one, in order. */
  onEvent: (event: StreamedEvent) => void;
}

/**
 * Runs a streaming operation on a running server with `Accept: text/event-stream` (seed 002 §7)
 * and resolves with its output: each event is handed to `onEvent` as it arrives, and the
 * closing `ai.complete` carries the output; a closing `ai.error` throws its
 * `{code, message, details}`. A server that answers with JSON instead (a failure before the
 * first event, or an operation that does not stream) is read like any other reply.
 */
export async function streamRest(target: ServerTarget, operation: Operation, input: Record<string, unknown>, options: StreamRestOptions): Promise<Record<string, unknown>> {
  const request = toRestRequest(operation, input, options.routes);
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...(target.token === null ? {} : { Authorization: `Bearer ${target.token}` }), ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  const opened = await openHttpRequest(target.url, { method: request.method, target: request.target, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), timeoutMs: options.timeoutMs });
  if (!String(opened.headers['content-type'] ?? '').startsWith('text/event-stream')) return readReply(request.route, input, { status: opened.status, headers: opened.headers, text: await readResponseText(opened) });
  return readEvents(opened, options.onEvent);
}

async function readEvents(opened: HttpResponseStream, onEvent: (event: StreamedEvent) => void): Promise<Record<string, unknown>> {
  try {
    for await (const { data } of readSseEvents(Readable.toWeb(opened.body) as ReadableStream<Uint8Array>)) {
      const event = parseEvent(data);
      if (event.type === COMPLETE_EVENT) return isRecord(event.data) ? event.data : {};
      if (event.type === ERROR_EVENT) throw toFailure(event.error);
      onEvent(event);
    }
  } catch (error: unknown) {
    throw error instanceof CommandFailure ? error : (opened.interruption() ?? new CommandFailure('server_unavailable', 'The server\'s event stream broke off before the result.', {}, { cause: error }));
  }
  throw opened.interruption() ?? new CommandFailure('server_unavailable', 'The server\'s event stream ended without ai.complete or ai.error: the server may have stopped. Try again.', {});
}

function parseEvent(data: string): StreamedEvent {
  try {
    const parsed: unknown = JSON.parse(data);
    if (isRecord(parsed) && typeof parsed.type === 'string') return parsed as StreamedEvent;
  } catch {
    // Reported below, as any event without a type.
  }
  throw new CommandFailure('internal_error', 'The server sent a stream event that is not JSON with a "type". Check that the URL names an indx server.', { data: data.slice(0, 200) });
}

function toFailure(error: unknown): CommandFailure {
  if (!isRecord(error)) return new CommandFailure('internal_error', 'The server ended the stream with an error it did not describe.', {});
  return fromEnvelope(error);
}
