import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startMcpHarness, type McpHarness } from './mcp-harness';

// One endpoint, both eras: a dual-era client probing with server/discover lands on 2026-07-28;
// a plain 2025 client initializes a session; both see the same catalog for the same token.

let harness: McpHarness;

beforeAll(async () => {
  harness = await startMcpHarness();
});
afterAll(() => harness.dispose());

test('a client negotiating automatically is served the modern era', async () => {
  const client = new Client({ name: 'auto', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(harness.url), { requestInit: { headers: { Authorization: `Bearer ${harness.read}` } } }));
  try {
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getServerCapabilities()).toMatchObject({ resources: { subscribe: true, listChanged: true }, tools: {}, prompts: {} });
  } finally {
    await client.close();
  }
});

test('both eras list the same tools, resources and prompts for one token', async () => {
  const legacy = await harness.connect('legacy', harness.read);
  const modern = await harness.connect('modern', harness.read);
  expect(legacy.getServerCapabilities()).toMatchObject({ resources: { subscribe: true, listChanged: true } });
  expect((await modern.listTools()).tools).toEqual((await legacy.listTools()).tools);
  expect((await modern.listResources()).resources).toEqual((await legacy.listResources()).resources);
  expect((await modern.listPrompts()).prompts).toEqual((await legacy.listPrompts()).prompts);
});
