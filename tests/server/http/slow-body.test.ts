import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { serveVault, type ServedVault } from './server-harness';

/** What the server answers a request whose body stops after `sent` of its `length` bytes; resolves when it closes the connection. */
function trickle(port: number, path: string, token: string, length: number, sent: string): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${sent}`);
    });
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')));
    socket.on('close', () => resolve({ reply, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

describe('a request body that never finishes arriving', () => {
  let served: ServedVault;

  beforeAll(async () => {
    served = await serveVault({ bodyTimeoutMs: 400 });
  });

  afterAll(async () => {
    await served.dispose();
  });

  it('is cut off with 408 request_timeout and a closed connection; nothing is written', async () => {
    const { reply, closedAfterMs } = await trickle(served.server.port, '/v1/notes/Slow.md', served.write, 1000, '{"body": "only the st');
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toMatch(/connection: close/i);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ ok: false, error: { code: 'request_timeout', details: { timeout_ms: 400 } } });
    // Cut at the limit, not held for minutes (the red team saw 130 s).
    expect(closedAfterMs).toBeGreaterThanOrEqual(380);
    expect(closedAfterMs).toBeLessThan(10_000);
    expect(existsSync(join(served.vault.root, 'Slow.md'))).toBe(false);
  });

  it('drops the connection of a request answered before its body arrived (401 without a token), at the same limit', async () => {
    const { reply, closedAfterMs } = await trickle(served.server.port, '/v1/notes/Slow.md', 'not-a-token', 1000, '{"body": "x');
    expect(reply).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('on /mcp, answers a JSON-RPC error', async () => {
    const { reply } = await trickle(served.server.port, '/mcp', served.write, 500, '{"jsonrpc":"2.0"');
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, data: { code: 'request_timeout' } }, id: null });
  });

  it('leaves a body that arrives in time alone, however slowly its pieces come within the limit', async () => {
    const socket = connect(served.server.port, '127.0.0.1');
    const body = JSON.stringify({ body: '# Fine\n' });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.write(`PUT /v1/notes/Fine.md HTTP/1.1\r\nHost: 127.0.0.1:${served.server.port}\r\nAuthorization: Bearer ${served.write}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`);
    await delay(150);
    socket.write(body.slice(5));
    // Past the limit counted from the headers: the finished request's timer must not fire on the kept-alive connection.
    await delay(600);
    expect(text).toMatch(/^HTTP\/1\.1 201 /);
    expect(text).not.toContain('408');
    expect(socket.destroyed).toBe(false);
    socket.destroy();
    expect((await served.fetch('/v1/notes/Fine.md')).status).toBe(200);
  });
});
