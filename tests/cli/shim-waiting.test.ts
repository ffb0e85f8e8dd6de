import { setTimeout as delay } from 'node:timers/promises';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { discoveryFolder } from '../../src/server/discovery/discovery-file';
import { StdioRelay } from '../../packages/indx-mcp/src/mcp/relay/stdio-relay';
import { startShimServer, type ShimServer } from './shim-harness';

// The relay in-process (an in-memory pipe instead of stdio, short waits): a client that starts
// before Obsidian gets its answer once the server appears; with no server at all, a request is
// answered with an error that says what to start, after the wait, instead of hanging.

let server: ShimServer;
const relays: StdioRelay[] = [];

beforeEach(async () => {
  server = await startShimServer();
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop(0)));
  await server.dispose();
});

/** A relay over an in-memory pipe and a 2025-era client on its other end (not yet connected). */
function relayWithClient(reconnectWaitMs: number, logs: string[] = [], fetchThrough: typeof fetch = fetch): { relay: StdioRelay; client: Client; clientSide: InMemoryTransport; running: Promise<number> } {
  const [clientSide, relaySide] = InMemoryTransport.createLinkedPair();
  const relay = new StdioRelay({ choice: {}, transport: relaySide, environment: { INDX_TOKEN: server.write }, discoveryFolder: discoveryFolder({ INDX_HOME: server.home }), reconnectWaitMs, retryDelayMs: 20, log: (line) => void logs.push(line), fetch: fetchThrough });
  relays.push(relay);
  const running = relay.run();
  return { relay, client: new Client({ name: 'waiting', version: '1.0.0' }), clientSide, running };
}

test('a client started before the server is answered once the server announces itself', async () => {
  await server.stop();
  const { client, clientSide } = relayWithClient(5000);
  const connecting = client.connect(clientSide);
  await delay(300);
  await server.start();
  await connecting;
  const result = await client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } });
  expect(result.structuredContent).toMatchObject({ path: 'Welcome.md' });
});

test('with no server within the wait, the request gets a server_unavailable error naming what to start', async () => {
  await server.stop();
  const logs: string[] = [];
  const { client, clientSide } = relayWithClient(200, logs);
  const started = Date.now();
  await expect(client.connect(clientSide)).rejects.toThrow(/No running indx server was found for a vault \(waited 0\.2 s\)\. Open the vault in Obsidian with the indx plugin enabled, or run "indx serve --vault DIR"/);
  expect(Date.now() - started).toBeLessThan(3000);
  expect(logs.join('\n')).toContain('No running indx server was found');
});

test('stop() ends the session on the server (DELETE with its id) and resolves run() with the code', async () => {
  const sent: { method: string; session: string | null; answeredSession: string | null }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    sent.push({ method: init?.method ?? 'GET', session: new Headers(init?.headers).get('mcp-session-id'), answeredSession: response.headers.get('mcp-session-id') });
    return response;
  };
  const { relay, client, clientSide, running } = relayWithClient(1000, [], recording);
  await client.connect(clientSide);
  await client.listTools();
  const session = sent.find((request) => request.answeredSession !== null)?.answeredSession ?? '';
  expect(session).not.toBe('');
  await relay.stop(0);
  await expect(running).resolves.toBe(0);
  expect(sent.filter((request) => request.method === 'DELETE')).toEqual([{ method: 'DELETE', session, answeredSession: null }]);
  const after = await fetch(`${server.url()}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${server.write}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) });
  expect(after.status).toBe(404);
});
