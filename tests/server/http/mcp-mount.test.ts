import type { Request, Response as ExpressResponse } from 'express';
import type { McpEndpoint, ServerDeps } from '../../../src/server/server-deps';
import { serveVault, type ServedVault } from './server-harness';

/** An endpoint that records what it was handed and answers with it. */
function fakeEndpoint(): { endpoint: McpEndpoint; deps: ServerDeps[]; closed: () => boolean } {
  let closed = false;
  const deps: ServerDeps[] = [];
  const endpoint: McpEndpoint = {
    handle(request: Request, response: ExpressResponse) {
      response.json({ method: request.method, body: request.body as unknown, caller: response.locals.caller as unknown });
      return Promise.resolve();
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
  return { endpoint, deps, closed: () => closed };
}

describe('/mcp mounting', () => {
  it('hands authenticated, parsed requests of every method to the endpoint and closes it with the server', async () => {
    const fake = fakeEndpoint();
    const served = await serveVault({ mcp: (deps) => (fake.deps.push(deps), fake.endpoint) });
    try {
      const posted = await served.fetch('/mcp', { method: 'POST', token: served.read, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      expect(await posted.json()).toEqual({ method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'ping' }, caller: { actor: 'token:reader', scopes: ['vault:read'] } });
      expect(await (await served.fetch('/mcp', { method: 'DELETE' })).json()).toMatchObject({ method: 'DELETE' });
      expect((await served.fetch('/mcp', { token: null })).status).toBe(401);
      expect(fake.deps[0]?.baseUrl()).toBe(served.server.url);
      expect(fake.deps[0]?.engine).toBe(served.vault.engine);
    } finally {
      await served.dispose();
    }
    expect(fake.closed()).toBe(true);
  });

  it('answers 404 at /mcp when no endpoint is configured, as a JSON-RPC error', async () => {
    const served = await serveVault();
    try {
      const response = await served.fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'This server has no MCP endpoint.', data: { code: 'not_found', details: {} } }, id: null });
    } finally {
      await served.dispose();
    }
  });
});

describe('/mcp failures before the endpoint speak JSON-RPC, with the HTTP status kept', () => {
  const json = { 'Content-Type': 'application/json' };
  let served: ServedVault;
  let reached: number;

  beforeEach(async () => {
    reached = 0;
    const endpoint: McpEndpoint = {
      handle(_request, response) {
        reached += 1;
        response.json({ jsonrpc: '2.0', id: 1, result: {} });
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    };
    served = await serveVault({ mcp: () => endpoint, rateLimit: { limit: 5, windowMs: 60_000 } });
  });

  afterEach(async () => {
    await served.dispose();
  });

  async function jsonRpcError(response: Response): Promise<{ code: number; message: string; data: { code: string } }> {
    const body = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string; data: { code: string } } };
    expect([body.jsonrpc, body.id, Object.keys(body).sort()]).toEqual(['2.0', null, ['error', 'id', 'jsonrpc']]);
    return body.error;
  }

  it('answers a body that is not JSON with 400 and -32700 (parse error)', async () => {
    const response = await served.fetch('/mcp', { method: 'POST', headers: json, body: '{"jsonrpc": "2.0", "method": ' });
    expect(response.status).toBe(400);
    expect(await jsonRpcError(response)).toMatchObject({ code: -32700, data: { code: 'invalid_input' } });
  });

  it('answers JSON nested deeper than 64 levels with 400 invalid_input before the endpoint walks it, tools/list included (issue 14)', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await served.fetch('/mcp', { method: 'POST', headers: json, body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":${deep}}}` });
    expect(response.status).toBe(400);
    expect(await jsonRpcError(response)).toMatchObject({ data: { code: 'invalid_input', details: { max_depth: 64 } } });
    expect(reached).toBe(0);
  });

  it('answers a body over the limit with 413 and -32600 (invalid request)', async () => {
    const response = await served.fetch('/mcp', { method: 'POST', headers: json, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(17 * 1024 * 1024) } }) });
    expect(response.status).toBe(413);
    expect(await jsonRpcError(response)).toMatchObject({ code: -32600, data: { code: 'payload_too_large' } });
  });

  it('answers the per-token rate limit with 429 and a JSON-RPC error', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await served.fetch('/mcp', { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await served.fetch('/mcp', { method: 'POST', headers: json, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(limited.status).toBe(429);
    expect(await jsonRpcError(limited)).toMatchObject({ code: -32000, data: { code: 'rate_limited' } });
  });

  it('answers a missing token with 401, the Bearer challenge and a JSON-RPC error; REST keeps its envelope', async () => {
    const response = await served.fetch('/mcp', { method: 'POST', token: null, headers: json, body: '{}' });
    expect([response.status, response.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="indx"']);
    expect(await jsonRpcError(response)).toMatchObject({ code: -32000, data: { code: 'unauthorized' } });
    const rest = await served.fetch('/v1/notes/X.md', { method: 'PUT', headers: json, body: '{"body": ' });
    expect(await rest.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(reached).toBe(0);
  });
});
