import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { waitFor } from '../helpers/temp-vault';
import { connectThroughShim, startShimServer, type Era, type ShimClient, type ShimServer } from './shim-harness';

// Issue 5 acceptance: `indx mcp serve --stdio` over real pipes relays both protocol eras to a
// running server found through its discovery record, notifications included, and survives the
// server restarting on another port mid-session.

const PLAN = { path: 'Projects/Plan.md', body: '# Plan\n\n## Goals\n- ship\n' };

let server: ShimServer;
const shims: ShimClient[] = [];

beforeAll(async () => {
  server = await startShimServer({ watch: true });
});

afterEach(async () => {
  await Promise.all(shims.splice(0).map((shim) => shim.client.close()));
});

afterAll(() => server.dispose());

async function connect(era: Era, args: string[] = []): Promise<ShimClient> {
  const shim = await connectThroughShim(era, { INDX_HOME: server.home, INDX_TOKEN: server.write }, args);
  shims.push(shim);
  return shim;
}

/** The tools a client connected straight to the server's /mcp lists, in `era`. */
async function listToolsDirectly(era: Era): Promise<unknown[]> {
  const options = era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {};
  const client = new Client({ name: 'direct', version: '1.0.0' }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url()}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${server.write}` } } }));
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe.each<Era>(['legacy', 'modern'])('%s client through the shim', (era) => {
  test('lists the same tools as a direct connection and calls note_read', async () => {
    const { client } = await connect(era, ['--vault', server.vault.root]);
    expect(client.getProtocolEra()).toBe(era);
    expect((await client.listTools()).tools).toEqual(await listToolsDirectly(era));
    const result = await client.callTool({ name: 'note_read', arguments: { path: PLAN.path } });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject(PLAN);
  });

  test('the server restarts on another port mid-session: the next call succeeds', async () => {
    const shim = await connect(era);
    expect((await shim.client.callTool({ name: 'note_read', arguments: { path: PLAN.path } })).structuredContent).toMatchObject(PLAN);
    const before = server.url();
    await server.restart();
    expect(server.url()).not.toBe(before);
    const result = await shim.client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ path: 'Welcome.md' });
    expect(shim.stderr()).toContain('looking for the server again');
  });
});

test('legacy: a restart on the same port (Obsidian\'s fixed port) answers 404 to the old session; the shim opens a new one and the call succeeds', async () => {
  const shim = await connect('legacy');
  expect((await shim.client.callTool({ name: 'note_read', arguments: { path: PLAN.path } })).isError).not.toBe(true);
  const before = server.url();
  await server.restart({ samePort: true });
  expect(server.url()).toBe(before);
  const result = await shim.client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } });
  expect(result.structuredContent).toMatchObject({ path: 'Welcome.md' });
  expect(shim.stderr()).toContain('re-opened the MCP session');
});

describe('notifications through the shim', () => {
  /** Resource URIs `client` is told changed, in order. */
  function recordUpdates(client: Client): string[] {
    const uris: string[] = [];
    client.setNotificationHandler('notifications/resources/updated', (notification) => void uris.push(notification.params.uri));
    return uris;
  }

  /** Edits `path` outside the server until `updates` names `uri` (the stream opens shortly after the handshake). */
  async function editUntilAnnounced(updates: string[], uri: string, path: string): Promise<void> {
    for (let attempt = 0; !updates.includes(uri); attempt += 1) {
      if (attempt === 20) throw new Error(`${uri} was never announced`);
      await fs.writeFile(join(server.vault.root, path), `# Plan\n\nedit ${attempt} at ${Date.now()}\n`);
      await waitFor(() => updates.includes(uri), 500).catch(() => undefined);
    }
  }

  test('legacy: resources/updated arrives on the session stream, and again after a server restart (subscription re-made)', async () => {
    const { client, ...shim } = await connect('legacy');
    const updates = recordUpdates(client);
    await client.subscribeResource({ uri: 'vault://Projects/Plan.md' });
    await editUntilAnnounced(updates, 'vault://Projects/Plan.md', PLAN.path);
    await server.restart();
    await waitFor(() => shim.stderr().includes('re-opened the MCP session'), 5000);
    updates.length = 0;
    await editUntilAnnounced(updates, 'vault://Projects/Plan.md', PLAN.path);
  });

  test('modern: resources/updated arrives on the subscriptions/listen stream, and again after a server restart (stream re-opened)', async () => {
    const { client, ...shim } = await connect('modern');
    const updates = recordUpdates(client);
    const subscription = await client.listen({ resourceSubscriptions: ['vault://Projects/Plan.md'] });
    await editUntilAnnounced(updates, 'vault://Projects/Plan.md', PLAN.path);
    await server.restart();
    await waitFor(() => shim.stderr().includes('subscriptions/listen stream ended without an answer; opening it again'), 5000);
    updates.length = 0;
    await editUntilAnnounced(updates, 'vault://Projects/Plan.md', PLAN.path);
    await subscription.close();
  });
});
