import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/server';
import { RELAY_ERRORS, RelayFailure } from './relay-failure';

/** The relay's own JSON-RPC answer to `request` for `failure`: a clear message and `data.code`. */
export function toFailureAnswer(request: JSONRPCRequest, failure: RelayFailure): JSONRPCErrorResponse {
  const { code, dataCode } = RELAY_ERRORS[failure.kind];
  return { jsonrpc: '2.0', id: request.id, error: { code, message: failure.message, data: { code: dataCode } } };
}

/** A JSON-RPC error answer to `request` for an HTTP failure with no JSON-RPC body. */
export function toHttpFailureAnswer(request: JSONRPCRequest, status: number, text: string): JSONRPCErrorResponse {
  const detail = text.trim() === '' ? '' : `: ${text.trim().slice(0, 300)}`;
  return { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: `The indx server answered HTTP ${status}${detail}`, data: { code: 'internal_error', status } } };
}

/**
 * The failure for a 401 or 403 answer. Security: the token itself is never quoted; the message
 * says where the token comes from and how to make a new one.
 */
export function toTokenRefused(url: string, status: number, hadToken: boolean, serverText: string): RelayFailure {
  const fix = 'Create a token with "indx token create --vault DIR --name NAME --scopes vault:read,vault:write", put it in INDX_TOKEN (or in the file named by --token-file) in this MCP server\'s client configuration ("indx mcp install --token-file FILE --force" writes it), then restart the MCP client.';
  if (!hadToken) return new RelayFailure('token_refused', `The indx server at ${url} needs a token and none was configured. ${fix}`);
  if (status === 403) return new RelayFailure('token_refused', `The indx server at ${url} refused the request (HTTP 403${serverReason(serverText)}). ${fix}`);
  return new RelayFailure('token_refused', `The indx server at ${url} refused the token: it is unknown or was revoked. ${fix}`);
}

/** The failure when no server could be reached before the wait ended. */
export function toServerUnavailable(url: string | null, vault: string | undefined, waitedMs: number): RelayFailure {
  const seconds = Math.round(waitedMs / 100) / 10;
  const which = vault === undefined ? 'a vault' : `the vault "${vault}"`;
  const found = url === null ? `No running indx server was found for ${which}` : `The indx server at ${url} did not answer`;
  const fix = 'Open the vault in Obsidian with the indx plugin enabled, or run "indx serve --vault DIR"; or give this MCP server --vault DIR (or INDX_VAULT) so that it serves the vault itself when no server runs.';
  return new RelayFailure('server_unavailable', `${found} (waited ${seconds} s). ${fix}`);
}

/** True for an error answer without an id (an HTTP-level JSON-RPC error), which belongs to the request just sent. */
export function isAnswerWithoutId(message: JSONRPCMessage): message is JSONRPCErrorResponse {
  return 'error' in message && (message as { id?: unknown }).id == null;
}

function serverReason(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' ? `: ${parsed.error.message}` : '';
  } catch {
    return '';
  }
}
