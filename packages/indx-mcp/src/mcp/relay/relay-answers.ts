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
 * The failure when no server could be reached before the wait ended. `canServe`: the relay is
 * `indx mcp serve --stdio`, which serves the vault itself when started with `--vault` and no
 * server; the stand-alone relay of a Claude Desktop bundle cannot.
 */
export function toServerUnavailable(url: string | null, vault: string | undefined, waitedMs: number, canServe = true): RelayFailure {
  const seconds = Math.round(waitedMs / 100) / 10;
  const which = vault === undefined ? 'a vault' : `the vault "${vault}"`;
  const found = url === null ? `No running indx server was found for ${which}` : `The indx server at ${url} did not answer`;
  const start = 'Open the vault in Obsidian with the indx plugin enabled, or run "indx serve --vault DIR"';
  const fix = canServe ? `${start}; or give this MCP server --vault DIR (or INDX_VAULT) so that it serves the vault itself when no server runs.` : `${start}, then try again.`;
  return new RelayFailure('server_unavailable', `${found} (waited ${seconds} s). ${fix}`);
}

/** True for an error answer without an id (an HTTP-level JSON-RPC error), which belongs to the request just sent. */
export function isAnswerWithoutId(message: JSONRPCMessage): message is JSONRPCErrorResponse {
  return 'error' in message && (message as { id?: unknown }).id == null;
}
