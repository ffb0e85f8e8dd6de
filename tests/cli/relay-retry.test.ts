import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { isNeverSent } from '../../packages/indx-mcp/src/mcp/relay/is-never-sent';
import { StdioRelay } from '../../packages/indx-mcp/src/mcp/relay/stdio-relay';
import { waitFor } from '../helpers/temp-vault';
import { startShimServer, type ShimServer } from './shim-harness';

// Review of issue 5, finding 2 (a write relayed twice when the connection broke after it was
// sent) and the 403 nit (a Host/Origin refusal is not a refused token).

/** A 2026-07-28 request, so no session is needed. */
function toolCall(id: number): JSONRPCMessage {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'note_append', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
}

/** The client side of the relay: what it was sent, and a way to send it messages. */
interface FakeClient {
  transport: Transport;
  sent: JSONRPCMessage[];
  receive(message: JSONRPCMessage): void;
  answerTo(id: number): Promise<JSONRPCMessage>;
}

function fakeClient(): FakeClient {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport = { start: () => Promise.resolve(), close: () => Promise.resolve(), send: (message) => Promise.resolve(void sent.push(message)) };
  const find = (id: number): JSONRPCMessage | undefined => sent.find((message) => 'id' in message && message.id === id);
  return {
    transport,
    sent,
    receive: (message) => transport.onmessage?.(message),
    answerTo: async (id) => {
      await waitFor(() => find(id) !== undefined, 5000);
      return find(id) as JSONRPCMessage;
    },
  };
}

/** An HTTP server on 127.0.0.1 answering POSTs with `handle(body, request, response)`. */
async function listen(handle: (body: { id?: unknown; method?: string }, request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => handle(text === '' ? {} : (JSON.parse(text) as { id?: unknown; method?: string }), request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function answer(response: ServerResponse, id: unknown): void {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ jsonrpc: '2.0', id, result: { content: [] } }));
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function relayFor(client: FakeClient, url: string, fetchThrough?: typeof fetch): StdioRelay {
  return new StdioRelay({ choice: { url }, transport: client.transport, environment: { INDX_TOKEN: 't' }, log: () => undefined, retryDelayMs: 10, reconnectWaitMs: 2000, fetch: fetchThrough });
}

/** A `fetch` failure as undici reports it, with the system error as its cause. */
function fetchFailure(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
}

describe('a request is sent again only when it provably never reached the server', () => {
  it('the review\'s dup2.ts: the server reads tools/call, then the socket drops: answered connection_lost, the tool ran once', async () => {
    let applied = 0;
    const { server, url } = await listen((body, request, response) => {
      if (body.method !== 'tools/call') return answer(response, body.id);
      applied += 1;
      if (applied === 1) return void request.socket.destroy();
      answer(response, body.id);
    });
    const client = fakeClient();
    const relay = relayFor(client, url);
    void relay.run();
    try {
      client.receive(toolCall(1));
      expect(await client.answerTo(1)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: expect.stringContaining('may or may not have been carried out') as unknown, data: { code: 'connection_lost' } } });
      expect(applied).toBe(1);
      // The relay goes on: the client's own retry is carried, once.
      client.receive(toolCall(2));
      expect(await client.answerTo(2)).toMatchObject({ id: 2, result: { content: [] } });
      expect(applied).toBe(2);
    } finally {
      await relay.stop(0);
      await close(server);
    }
  });

  it('a refused connection is retried, and the request runs once; a reset one is not', async () => {
    let applied = 0;
    const { server, url } = await listen((body, _request, response) => {
      if (body.method === 'tools/call') applied += 1;
      answer(response, body.id);
    });
    const failures = [fetchFailure('ECONNREFUSED'), fetchFailure('ECONNREFUSED')];
    const calls: string[] = [];
    const flaky: typeof fetch = (input, init) => {
      calls.push(String(init?.method));
      const failure = failures.shift();
      return failure === undefined ? fetch(input, init) : Promise.reject(failure);
    };
    const client = fakeClient();
    const relay = relayFor(client, url, flaky);
    void relay.run();
    try {
      client.receive(toolCall(1));
      expect(await client.answerTo(1)).toMatchObject({ id: 1, result: { content: [] } });
      expect([calls, applied]).toEqual([['POST', 'POST', 'POST'], 1]);
      failures.push(fetchFailure('ECONNRESET'));
      client.receive(toolCall(2));
      expect(await client.answerTo(2)).toMatchObject({ id: 2, error: { data: { code: 'connection_lost' } } });
      expect([calls.length, applied]).toEqual([4, 1]);
    } finally {
      await relay.stop(0);
      await close(server);
    }
  });

  it.each([
    ['ECONNREFUSED', true],
    ['ENOENT', true],
    ['EADDRNOTAVAIL', true],
    ['UND_ERR_CONNECT_TIMEOUT', true],
    ['ECONNRESET', false],
    ['EPIPE', false],
    ['UND_ERR_SOCKET', false],
  ])('isNeverSent(fetch failed: %s) is %s', (code, expected) => {
    expect(isNeverSent(fetchFailure(code))).toBe(expected);
  });

  it('isNeverSent: an AggregateError (one attempt per address) only when every attempt was refused; plain errors never', () => {
    const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
    expect(isNeverSent(new TypeError('fetch failed', { cause: new AggregateError([refused, refused]) }))).toBe(true);
    expect(isNeverSent(new TypeError('fetch failed', { cause: new AggregateError([refused, reset]) }))).toBe(false);
    expect(isNeverSent(new Error('fetch failed'))).toBe(false);
    expect(isNeverSent('ECONNREFUSED')).toBe(false);
  });
});

describe('a 403 for the request\'s address is not a refused token', () => {
  let shim: ShimServer;
  let tunnel: TcpServer;
  let tunnelUrl: string;
  let sockets: Socket[];

  beforeEach(async () => {
    shim = await startShimServer();
    // A tunnel that changes the port (as `ssh -L 9000:127.0.0.1:27643` would): the Host header then names the tunnel.
    const port = Number(new URL(shim.url()).port);
    sockets = [];
    tunnel = createTcpServer((socket) => {
      const upstream = connect(port, '127.0.0.1');
      sockets.push(socket, upstream);
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => tunnel.listen(0, '127.0.0.1', resolve));
    tunnelUrl = `http://127.0.0.1:${(tunnel.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => tunnel.close(resolve));
    await shim.dispose();
  });

  it('the real server\'s Host refusal through a port-changing tunnel: answered as an address problem, the relay goes on', async () => {
    const client = fakeClient();
    const relay = new StdioRelay({ choice: { url: tunnelUrl }, transport: client.transport, environment: { INDX_TOKEN: shim.write }, log: () => undefined, retryDelayMs: 10 });
    let exited: number | null = null;
    void relay.run().then((code) => (exited = code));
    try {
      client.receive(toolCall(1));
      const refused = await client.answerTo(1);
      expect(refused).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: expect.stringContaining('refused the request for its address, not its token') as unknown, data: { code: 'forbidden' } } });
      expect(JSON.stringify(refused)).toContain('Host header');
      client.receive(toolCall(2));
      expect(await client.answerTo(2)).toMatchObject({ id: 2, error: { data: { code: 'forbidden' } } });
      expect(exited).toBeNull();
    } finally {
      await relay.stop(0);
    }
  });

  it('a 403 about the token (a scope it lacks) fails closed; a 403 page that is not indx\'s is answered as an HTTP error', async () => {
    const scopeBody = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Events need the vault:read scope.', data: { code: 'forbidden', details: { required: 'vault:read' } } } });
    let body = scopeBody;
    const { server, url } = await listen((_request, _incoming, response) => response.writeHead(403, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/html' }).end(body));
    try {
      body = '<html>Forbidden by proxy</html>';
      const proxied = fakeClient();
      const tolerant = relayFor(proxied, url);
      void tolerant.run();
      proxied.receive(toolCall(1));
      expect(await proxied.answerTo(1)).toMatchObject({ id: 1, error: { message: expect.stringContaining('HTTP 403') as unknown, data: { status: 403 } } });
      await tolerant.stop(0);
      body = scopeBody;
      const client = fakeClient();
      const exit = relayFor(client, url).run();
      client.receive(toolCall(1));
      expect(await client.answerTo(1)).toMatchObject({ id: 1, error: { code: -32001, message: expect.stringContaining('The token lacks a scope') as unknown, data: { code: 'unauthorized' } } });
      expect(await exit).toBe(5);
    } finally {
      await close(server);
    }
  });
});
