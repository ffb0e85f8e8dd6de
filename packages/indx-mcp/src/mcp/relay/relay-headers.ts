import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { PROTOCOL_VERSION_META_KEY, isJsonRpcRequest } from './json-rpc';

/** Where the relay is connected: the server's base URL, the token, and the 2025-era session, if any. */
export interface RelayConnection {
  url: string;
  token: string | null;
  /** `Mcp-Session-Id` of the 2025-era session (null before `initialize`, and in the 2026 era). */
  sessionId: string | null;
  /** The 2025-era protocol version `initialize` settled on. */
  protocolVersion: string | null;
}

/** The request field each 2026-07-28 method mirrors into `Mcp-Name` (SEP-2243). */
const MCP_NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';

/**
 * The HTTP headers of one POST carrying `message`. A request with a 2026-07-28 envelope
 * (`_meta[io.modelcontextprotocol/protocolVersion]`) gets the standard headers derived from its
 * body (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`); anything else travels in the 2025-era
 * session: `Mcp-Session-Id` (except on `initialize`) and the negotiated `MCP-Protocol-Version`.
 */
export function relayHeaders(connection: RelayConnection, message: JSONRPCMessage): Headers {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
  if (connection.token !== null) headers.set('authorization', `Bearer ${connection.token}`);
  const version = envelopeVersionOf(message);
  if (version !== null && isJsonRpcRequest(message)) {
    setModernHeaders(headers, message.method, message.params, version);
    return headers;
  }
  if (connection.sessionId !== null && !isInitialize(message)) headers.set('mcp-session-id', connection.sessionId);
  if (connection.protocolVersion !== null) headers.set('mcp-protocol-version', connection.protocolVersion);
  return headers;
}

/** True for an `initialize` request (by its method: the relay does not judge its params, the server does). */
export function isInitialize(message: JSONRPCMessage): boolean {
  return isJsonRpcRequest(message) && message.method === 'initialize';
}

/** The protocol version a message's 2026-07-28 envelope claims, or null without one. */
export function envelopeVersionOf(message: JSONRPCMessage): string | null {
  const params = 'params' in message ? message.params : undefined;
  const meta: unknown = isRecord(params) ? params._meta : undefined;
  const version = isRecord(meta) ? meta[PROTOCOL_VERSION_META_KEY] : undefined;
  return typeof version === 'string' ? version : null;
}

function setModernHeaders(headers: Headers, method: string, params: unknown, version: string): void {
  headers.set('mcp-protocol-version', version);
  headers.set('mcp-method', method);
  const field = Object.hasOwn(MCP_NAME_SOURCE, method) ? MCP_NAME_SOURCE[method] : undefined;
  const name = field !== undefined && isRecord(params) ? params[field] : undefined;
  if (typeof name === 'string') headers.set('mcp-name', toHeaderValue(name));
}

/** A header value as SEP-2243 encodes it: plain visible ASCII as is, anything else as `=?base64?…?=` of its UTF-8. */
function toHeaderValue(value: string): string {
  const plain = value !== '' && value === value.trim() && /^[\t\x20-\x7e]*$/.test(value) && !(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX));
  return plain ? value : `${BASE64_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${BASE64_SUFFIX}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
