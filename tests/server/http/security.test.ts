import { connect, createServer } from 'node:net';
import { startServer } from '../../../src/server/start-server';
import { rawRequest } from './raw-request';
import { serveVault, type ServedVault } from './server-harness';
import { createMcpEndpoint } from '../../../src/server/mcp/create-mcp-endpoint';

describe('HTTP security: Host, Origin, bearer tokens, scopes, body limit, rate limit', () => {
  let served: ServedVault;

  beforeEach(async () => {
    served = await serveVault();
  });

  afterEach(async () => {
    await served.dispose();
  });

  it('answers 401 with a JSON error and no OAuth metadata when the token is missing or unknown', async () => {
    for (const token of [null, 'indx_' + 'A'.repeat(43), 'not-a-token']) {
      const response = await served.fetch('/v1/vault/status', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="indx"');
    }
    const metadata = await served.fetch('/.well-known/oauth-protected-resource');
    expect(metadata.status).toBe(404);
    expect(await served.fetch('/.well-known/oauth-authorization-server', { token: null }).then((response) => response.status)).toBe(401);
  });

  it('serves a request with a valid token and records it as token:<name>', async () => {
    const response = await served.fetch('/v1/vault/status', { token: served.read });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, data: { notes: 3 } });
    const events: string[] = [];
    served.vault.engine.audit.subscribe((event) => events.push(event.actor));
    await served.fetch('/v1/notes/New.md', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body: 'x' }) });
    expect(events).toEqual(['token:writer']);
  });

  it('refuses a Host that is not loopback with this port (DNS rebinding) with 403', async () => {
    const port = served.server.port;
    for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.1:${port + 1}`, `0.0.0.0:${port}`]) {
      const response = await rawRequest(port, { path: '/v1/vault/status', headers: { Host: host, Authorization: `Bearer ${served.read}` } });
      expect([host, response.status]).toEqual([host, 403]);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const response = await rawRequest(port, { path: '/v1/vault/status', headers: { Host: host, Authorization: `Bearer ${served.read}` } });
      expect([host, response.status]).toEqual([host, 200]);
    }
  });

  it('refuses a request with two Host headers with 400, whichever comes first (RFC 9112)', async () => {
    const port = served.server.port;
    for (const hosts of [[`127.0.0.1:${port}`, 'evil.example'], ['evil.example', `127.0.0.1:${port}`], [`127.0.0.1:${port}`, `127.0.0.1:${port}`]]) {
      const head = await sendRaw(port, `GET /v1/vault/status HTTP/1.1\r\n${hosts.map((host) => `Host: ${host}\r\n`).join('')}Authorization: Bearer ${served.read}\r\nConnection: close\r\n\r\n`);
      expect([hosts, head.split('\r\n')[0]]).toEqual([hosts, 'HTTP/1.1 400 Bad Request']);
      expect(head).toContain('"code":"invalid_input"');
    }
  });

  it('refuses a foreign Origin with 403 and never sends CORS headers', async () => {
    const port = served.server.port;
    const status = async (origin: string) => (await rawRequest(port, { path: '/v1/vault/status', headers: { Origin: origin, Authorization: `Bearer ${served.read}` } })).status;
    expect(await status('http://evil.example')).toBe(403);
    expect(await status('https://attacker.test:443')).toBe(403);
    expect(await status('null')).toBe(403);
    expect(await status('file://')).toBe(403);
    expect(await status('app://obsidian.md')).toBe(200);
    expect(await status('http://localhost:5173')).toBe(200);
    expect(await status(`http://127.0.0.1:${port}`)).toBe(200);
    const preflight = await rawRequest(port, { method: 'OPTIONS', path: '/v1/vault/status', headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(403);
    const allowed = await rawRequest(port, { path: '/v1/vault/status', headers: { Origin: 'app://obsidian.md', Authorization: `Bearer ${served.read}` } });
    expect(Object.keys(allowed.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('lets a read token read but answers 403 forbidden on every write route', async () => {
    const json = { 'Content-Type': 'application/json' };
    const attempts = [
      served.fetch('/v1/notes/Lonely.md', { method: 'PUT', token: served.read, headers: json, body: JSON.stringify({ body: 'x' }) }),
      served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', token: served.read, headers: json, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'x' }] }) }),
      served.fetch('/v1/notes/Lonely.md', { method: 'DELETE', token: served.read }),
      served.fetch('/v1/notes/Lonely.md/move', { method: 'POST', token: served.read, headers: json, body: JSON.stringify({ to: 'Moved.md' }) }),
      served.fetch('/v1/tags/rename', { method: 'POST', token: served.read, headers: json, body: JSON.stringify({ from: 'start', to: 'begin' }) }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden', details: { required: 'vault:write' } } });
    }
    expect((await served.fetch('/v1/notes/Lonely.md', { token: served.read })).status).toBe(200);
  });

  it('handles a 14 MB body (a 10 MiB attachment in base64) and answers a clear 413 payload_too_large to a 17 MB one, staying up', async () => {
    const big = 'a'.repeat(14 * 1000 * 1000);
    const written = await served.fetch('/v1/notes/Big.md', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body: big }) });
    expect(written.status).toBe(201);
    const tooBig = await served.fetch('/v1/notes/Huge.md', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body: 'b'.repeat(17 * 1024 * 1024) }) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ ok: false, error: { code: 'payload_too_large', message: expect.stringContaining('16mb') as unknown, details: { limit: '16mb' } } });
    const broken = await served.fetch('/v1/notes/X.md', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"body": ' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await served.fetch('/v1/vault/status')).status).toBe(200);
  });
});

describe('HTTP server lifecycle and options', () => {
  it('rate-limits per token with 429 rate_limited, leaving other tokens alone', async () => {
    const served = await serveVault({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await served.fetch('/v1/tags', { token: served.read })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await served.fetch('/v1/tags', { token: served.read });
      expect(await limited.json()).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
      expect((await served.fetch('/v1/tags', { token: served.write })).status).toBe(200);
    } finally {
      await served.dispose();
    }
  });

  it('answers 429 to failing requests from an address after too many failed authentications; a valid token is never locked out (issue 14)', async () => {
    const served = await serveVault({ authFailureLimit: { limit: 3, windowMs: 60_000 }, mcp: (deps) => createMcpEndpoint(deps) });
    try {
      const statuses = [];
      for (const token of [null, 'indx_' + 'B'.repeat(43), 'garbage']) statuses.push((await served.fetch('/v1/tags', { token })).status);
      expect(statuses).toEqual([401, 401, 401]);
      const limited = await served.fetch('/v1/tags', { token: 'indx_' + 'C'.repeat(43) });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await limited.json()).toMatchObject({ ok: false, error: { code: 'rate_limited', details: { limit: 3, window_ms: 60_000 } } });
      expect((await served.fetch('/v1/tags', { token: null })).status).toBe(429);
      // Loopback clients share one address: a valid token still passes, on REST and MCP.
      expect((await served.fetch('/v1/tags', { token: served.read })).status).toBe(200);
      const ping = await served.fetch('/mcp', { method: 'POST', token: served.read, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' });
      expect(ping.status).toBe(200);
    } finally {
      await served.dispose();
    }
  });

  it('counts only failures: successful requests never use up the failed-authentication budget', async () => {
    const served = await serveVault({ authFailureLimit: { limit: 2, windowMs: 60_000 } });
    try {
      for (let index = 0; index < 5; index += 1) expect((await served.fetch('/v1/tags', { token: served.read })).status).toBe(200);
      expect((await served.fetch('/v1/tags', { token: null })).status).toBe(401);
      expect((await served.fetch('/v1/tags', { token: served.read })).status).toBe(200);
    } finally {
      await served.dispose();
    }
  });

  it('refuses to listen on anything but 127.0.0.1', async () => {
    const served = await serveVault();
    try {
      await expect(startServer({ engine: served.vault.engine, tokens: served.tokens, port: 0, host: '0.0.0.0' })).rejects.toMatchObject({ code: 'invalid_input' });
    } finally {
      await served.dispose();
    }
  });

  it('reports a port in use as conflict', async () => {
    const served = await serveVault();
    try {
      await expect(startServer({ engine: served.vault.engine, tokens: served.tokens, port: served.server.port })).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      await served.dispose();
    }
  });

  // Several vaults open in Obsidian at once share the configured port: the later ones take ports after it.
  it('takes the next free port within portFallbacks, on 127.0.0.1, and names the range as a conflict when all are taken', async () => {
    const served = await serveVault();
    const first = served.server.port;
    const { engine } = served.vault;
    const next = createServer();
    const heldNext = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false));
      next.listen(first + 1, '127.0.0.1', () => resolve(true));
    });
    try {
      // Whoever holds first + 1 (this test, else another program), both ports of the range are taken.
      await expect(startServer({ engine, tokens: served.tokens, port: first, portFallbacks: 1 })).rejects.toMatchObject({
        code: 'conflict',
        message: `Ports ${first} to ${first + 1} on 127.0.0.1 are all in use. Stop the other servers or choose another port.`,
        details: { port: first, last_port: first + 1 },
      });
      if (heldNext) await new Promise<void>((resolve) => next.close(() => resolve()));
      const fallback = await startServer({ engine, tokens: served.tokens, port: first, portFallbacks: 9 });
      try {
        expect(fallback.port).toBeGreaterThan(first);
        expect(fallback.port).toBeLessThanOrEqual(first + 9);
        expect(fallback.url).toBe(`http://127.0.0.1:${fallback.port}`);
        const response = await fetch(`${fallback.url}/v1/vault/status`, { headers: { Authorization: `Bearer ${served.read}` } });
        expect(response.status).toBe(200);
      } finally {
        await fallback.close();
      }
    } finally {
      if (next.listening) next.close();
      await served.dispose();
    }
  });

  it('grants every scope with auth "none" (the conformance runner test mode)', async () => {
    const served = await serveVault({ auth: 'none' });
    try {
      const response = await served.fetch('/v1/notes/Open.md', { token: null, method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body: 'x' }) });
      expect(response.status).toBe(201);
    } finally {
      await served.dispose();
    }
  });

  it('close() drops open streams and keep-alive connections and frees the port', async () => {
    const served = await serveVault();
    const { port } = served.server;
    const stream = await served.fetch('/v1/events');
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    await served.fetch('/v1/tags', { headers: { Connection: 'keep-alive' } });
    await served.server.close();
    await expect(reader?.read().then(async function drain(chunk): Promise<unknown> { return chunk.done ? 'ended' : drain(await reader.read()); })).resolves.toBe('ended');
    const probe = createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await served.vault.dispose();
  });
});

/** Writes `raw` to 127.0.0.1:`port` as is and resolves with everything the server answers. */
function sendRaw(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
