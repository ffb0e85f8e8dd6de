import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describeError } from './describe-error';
import { readRefusal } from './read-refusal';
import type { RelayFailure } from './relay-failure';
import { relayHeaders, type RelayConnection } from './relay-headers';
import { readReplyMessages } from './reply-messages';

/** How a session's notification stream ended. */
export type StreamEnd =
  /** It ended or could not be opened (server gone, session ended or unknown), after `lastedMs`. */
  | { kind: 'ended'; lastedMs: number }
  /** The server refused the token. */
  | { kind: 'refused'; failure: RelayFailure }
  /** The server offers no stream (405), refused the request's address (logged), or `signal` was aborted: nothing to do. */
  | { kind: 'closed' };

/** What {@link followSessionStream} needs. */
export interface StreamOptions {
  fetch: typeof fetch;
  signal: AbortSignal;
  write: (message: JSONRPCMessage) => Promise<void>;
  log: (line: string) => void;
}

/**
 * Opens the 2025-era GET stream of the session on `connection` and writes each server-initiated
 * message (resource updates, list changes, logs, requests) to the client until it ends.
 */
export async function followSessionStream(connection: RelayConnection, options: StreamOptions): Promise<StreamEnd> {
  const started = Date.now();
  try {
    const headers = relayHeaders(connection, { jsonrpc: '2.0', method: 'notifications/initialized' });
    headers.set('accept', 'text/event-stream');
    const response = await options.fetch(`${connection.url}/mcp`, { method: 'GET', headers, signal: options.signal });
    const refusal = await readRefusal(response, connection.url, connection.token !== null);
    if (refusal?.kind === 'token_refused') return { kind: 'refused', failure: refusal };
    if (refusal !== null) options.log(refusal.message);
    if (refusal !== null || response.status === 405) {
      await response.body?.cancel();
      return { kind: 'closed' };
    }
    if (response.ok) for await (const message of readReplyMessages(response, options.log)) await options.write(message);
    else await response.body?.cancel();
  } catch (error: unknown) {
    if (!options.signal.aborted) options.log(`the notification stream ended (${describeError(error)})`);
  }
  return options.signal.aborted ? { kind: 'closed' } : { kind: 'ended', lastedMs: Date.now() - started };
}
