import { relayHeaders, type RelayConnection } from './relay-headers';

/** How long the relay waits for the server to end a session when it stops. */
const END_SESSION_TIMEOUT_MS = 1000;

/**
 * Ends the 2025-era session on `connection` with DELETE (the spec's polite goodbye, so the
 * server frees it at once rather than after its idle time). Best effort: failures are ignored.
 */
export async function endSession(fetchThrough: typeof fetch, connection: RelayConnection | null): Promise<void> {
  if (connection?.sessionId == null) return;
  const headers = relayHeaders(connection, { jsonrpc: '2.0', method: 'notifications/initialized' });
  await fetchThrough(`${connection.url}/mcp`, { method: 'DELETE', headers, signal: AbortSignal.timeout(END_SESSION_TIMEOUT_MS) }).then(
    (response) => response.body?.cancel(),
    () => undefined,
  );
}
