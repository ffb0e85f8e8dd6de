import type { ServerResponse } from 'node:http';

/**
 * Answers an HTTP request with a JSON-RPC error object (no `id`: the failure is about the
 * request as a whole, such as an unknown session), the shape the MCP transports use.
 */
export function writeJsonRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
