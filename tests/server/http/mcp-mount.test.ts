import type { Request, Response } from 'express';
import type { McpEndpoint, ServerDeps } from '../../../src/server/server-deps';
import { serveVault } from './server-harness';

/** An endpoint that records what it was handed and answers with it. */
function fakeEndpoint(): { endpoint: McpEndpoint; deps: ServerDeps[]; closed: () => boolean } {
  let closed = false;
  const deps: ServerDeps[] = [];
  const endpoint: McpEndpoint = {
    handle(request: Request, response: Response) {
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

  it('answers 404 at /mcp when no endpoint is configured', async () => {
    const served = await serveVault();
    try {
      const response = await served.fetch('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    } finally {
      await served.dispose();
    }
  });
});
