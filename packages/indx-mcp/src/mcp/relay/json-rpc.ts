import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResultResponse } from '@modelcontextprotocol/server';
import { isRecord } from '../../rest/is-record';

// The relay only sorts messages and passes them on: these structural checks follow the SDK's
// JSON-RPC envelope schemas (strict envelopes, safe-integer or string ids, object params and
// results, an object `_meta` with a string or safe-integer `progressToken`) without loading
// them, so the relay stays a small file of its own (docs/decisions/0008-client-entries.md).
// Deeper checks of params and results are the server's and the client's.

/** `_meta` key of the 2026-07-28 envelope naming the protocol version of a request. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const NOTIFICATION_KEYS = new Set(['jsonrpc', 'method', 'params']);
const RESULT_KEYS = new Set(['jsonrpc', 'id', 'result']);
const ERROR_KEYS = new Set(['jsonrpc', 'id', 'error']);

/** A request: `jsonrpc`, an id, a method and optional object params, nothing else. */
export function isJsonRpcRequest(value: unknown): value is JSONRPCRequest {
  return isEnvelope(value, REQUEST_KEYS) && isRequestId(value.id) && typeof value.method === 'string' && isParams(value.params);
}

/** A notification: like a request, without an id. */
export function isJsonRpcNotification(value: unknown): value is JSONRPCNotification {
  return isEnvelope(value, NOTIFICATION_KEYS) && typeof value.method === 'string' && isParams(value.params);
}

/** A successful response: an id and an object result. */
export function isJsonRpcResult(value: unknown): value is JSONRPCResultResponse {
  return isEnvelope(value, RESULT_KEYS) && isRequestId(value.id) && isRecord(value.result) && isOptionalMeta(value.result._meta);
}

/** An error response: an optional id and `{code (integer), message, data?}`. */
export function isJsonRpcError(value: unknown): value is JSONRPCErrorResponse {
  if (!isEnvelope(value, ERROR_KEYS) || !(value.id === undefined || isRequestId(value.id)) || !isRecord(value.error)) return false;
  return Number.isSafeInteger(value.error.code) && typeof value.error.message === 'string';
}

/** Any JSON-RPC message. */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  return isJsonRpcRequest(value) || isJsonRpcNotification(value) || isJsonRpcResult(value) || isJsonRpcError(value);
}

/** The client's `notifications/initialized`. */
export function isInitializedNotification(message: JSONRPCMessage): boolean {
  return isJsonRpcNotification(message) && message.method === 'notifications/initialized';
}

function isEnvelope(value: unknown, keys: ReadonlySet<string>): value is Record<string, unknown> {
  return isRecord(value) && value.jsonrpc === '2.0' && Object.keys(value).every((key) => keys.has(key));
}

function isRequestId(value: unknown): boolean {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/** Absent, or an object whose `_meta`, if any, is an object with a valid `progressToken`, if any. */
function isParams(value: unknown): boolean {
  return value === undefined || (isRecord(value) && isOptionalMeta(value._meta));
}

function isOptionalMeta(value: unknown): boolean {
  return value === undefined || (isRecord(value) && (value.progressToken === undefined || isRequestId(value.progressToken)));
}

