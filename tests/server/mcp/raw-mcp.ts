/** A 2025-11-25 `initialize` request as a client sends it. */
export const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-test', version: '0' } } };

/** A `tools/list` request. */
export const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

/** Sends one raw MCP HTTP request with the headers a 2025-11-25 client sends. */
export function sendRaw(url: string, token: string, init: { method?: string; body?: unknown; session?: string; signal?: AbortSignal } = {}): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.session !== undefined) headers['Mcp-Session-Id'] = init.session;
  return fetch(url, { method: init.method ?? 'POST', headers, signal: init.signal ?? null, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
}

/** Opens a legacy session by hand; resolves with its id. */
export async function openRawSession(url: string, token: string): Promise<string> {
  const response = await sendRaw(url, token, { body: INITIALIZE });
  await response.text();
  const session = response.headers.get('mcp-session-id');
  if (response.status !== 200 || session === null) throw new Error(`initialize failed: ${response.status}`);
  const initialized = await sendRaw(url, token, { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, session });
  await initialized.text();
  return session;
}
