import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { isJsonRpcResult } from './json-rpc';
import { readRefusal } from './read-refusal';
import { RelayFailure } from './relay-failure';
import { isInitialize, type RelayConnection } from './relay-headers';
import { readReplyMessages } from './reply-messages';

/**
 * Sends the messages that re-open a remembered 2025-era session (see `SessionMemory.replay`) on
 * `connection`, setting its session id and protocol version from the `initialize` answer. The
 * answers are the relay's own and never reach the client. A refusal (see `readRefusal`) is thrown; a
 * server that opens no session is `server_unavailable`; a network error is thrown as is.
 */
export async function replaySession(connection: RelayConnection, messages: readonly JSONRPCMessage[], post: (message: JSONRPCMessage) => Promise<Response>, log: (line: string) => void): Promise<void> {
  for (const message of messages) {
    const response = await post(message);
    const refusal = await readRefusal(response, connection.url, connection.token !== null);
    if (refusal !== null) throw refusal;
    if (!isInitialize(message)) {
      await response.body?.cancel();
      continue;
    }
    connection.sessionId = response.ok ? response.headers.get('mcp-session-id') : null;
    for await (const reply of readReplyMessages(response, log)) {
      if (isJsonRpcResult(reply) && typeof reply.result.protocolVersion === 'string') connection.protocolVersion = reply.result.protocolVersion;
    }
    if (connection.sessionId === null) throw new RelayFailure('server_unavailable', `The indx server at ${connection.url} would not open a new MCP session (HTTP ${response.status}). Restart the MCP client.`);
  }
}
