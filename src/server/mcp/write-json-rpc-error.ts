import type { ServerResponse } from 'node:http';

/** What a JSON-RPC error may carry besides its code and message. */
export interface JsonRpcErrorExtras {
  /** The request's id; null (the default) when the failure is about the request as a whole, such as an unknown session. */
  id?: string | number | null;
  /** `error.data`, e.g. indx's `{code, details}`. */
  data?: unknown;
}

/** Answers an HTTP request with a JSON-RPC error object, the shape the MCP transports use. */
export function writeJsonRpcError(response: ServerResponse, status: number, code: number, message: string, extras: JsonRpcErrorExtras = {}): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const error = { code, message, ...(extras.data === undefined ? {} : { data: extras.data }) };
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error, id: extras.id ?? null }));
}
