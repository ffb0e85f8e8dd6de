import type { ErrorCode } from '../../core/errors';

/** A JSON-RPC 2.0 error response about a request as a whole (hence `id: null`). */
export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  error: { code: number; message: string; data: { code: ErrorCode; details: Record<string, unknown> } };
  id: null;
}

/** JSON-RPC 2.0 error codes (spec section 5.1); -32000 is the first implementation-defined server error. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const SERVER_ERROR = -32000;

/**
 * The JSON-RPC error object that `/mcp` answers instead of the REST envelope when a request
 * fails before reaching the MCP endpoint (body that is not JSON: -32700; other bad or too large
 * bodies: -32600; internal failures: -32603; refusals such as 401, 403 and 429: -32000). The
 * indx code and details travel in `error.data`; the HTTP status stays that of the code.
 */
export function toJsonRpcErrorBody(code: ErrorCode, message: string, details: Record<string, unknown>): JsonRpcErrorBody {
  return { jsonrpc: '2.0', error: { code: jsonRpcCode(code, details), message, data: { code, details } }, id: null };
}

function jsonRpcCode(code: ErrorCode, details: Record<string, unknown>): number {
  if (code === 'invalid_input') return details.reason === 'entity.parse.failed' ? PARSE_ERROR : INVALID_REQUEST;
  if (code === 'payload_too_large' || code === 'request_timeout') return INVALID_REQUEST;
  if (code === 'internal_error') return INTERNAL_ERROR;
  return SERVER_ERROR;
}
