import type { Client } from '@modelcontextprotocol/client';
import { mergeConfig, readVaultConfig, writeVaultConfig } from '../../../src/core/config/vault-config';
import { REPLAY_META_KEY } from '../../../src/server/mcp/replay-cache';
import type { ResourceListing, ResourceProvider } from '../../../src/server/mcp/resources';
import { connectClient, ERAS, startMcpHarness, type McpHarness } from './mcp-harness';

// What the endpoint keeps between requests, and when it must not: tool JSON Schemas are
// converted once per process; a resources/list listing is built once per vault change however
// many pages are walked; admin reads are never replayed, since another process may change
// what they read without any event reaching this one.

describe('tools/list', () => {
  let harness: McpHarness;

  beforeAll(async () => {
    harness = await startMcpHarness();
  });
  afterAll(() => harness.dispose());

  test("converts an operation's input and output schemas to JSON Schema once, for every server of both eras", async () => {
    const operation = harness.vault.engine.registry.get('note_read');
    const input = jest.spyOn(operation.input['~standard'].jsonSchema, 'input');
    const output = jest.spyOn(operation.output['~standard'].jsonSchema, 'output');
    const listed: unknown[] = [];
    for (const era of [...ERAS, ...ERAS]) {
      const client = await harness.connect(era, harness.read);
      for (let call = 0; call < 2; call += 1) listed.push((await client.listTools()).tools.find((tool) => tool.name === 'note_read'));
    }
    expect(listed).toHaveLength(8);
    for (const tool of listed) expect(tool).toEqual(listed[0]);
    expect(listed[0]).toMatchObject({ inputSchema: { type: 'object', properties: { path: expect.any(Object) as unknown } } });
    expect([input.mock.calls.length, output.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('resources/list', () => {
  const NOTES = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
  let harness: McpHarness;
  let list: jest.Mock<Promise<ResourceListing[]>>;

  beforeAll(async () => {
    list = jest.fn(() => Promise.resolve(NOTES.map((path) => ({ uri: `vault://${path}`, name: path }))));
    const provider: ResourceProvider = { name: 'notes', title: 'Notes', description: 'Test notes.', mimeType: 'text/markdown', uriTemplate: 'vault://{+path}', list, read: () => Promise.resolve([]) };
    harness = await startMcpHarness({ endpoint: { resources: [provider], resourcePageSize: 2 } });
  });
  afterAll(() => harness.dispose());

  /** Walks every page by hand; resolves with the URIs in order. */
  async function walk(client: Client): Promise<string[]> {
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } });
      uris.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return uris;
  }

  test('walking every page in both eras builds the listing once; a vault change or other scopes build it again', async () => {
    const expected = NOTES.map((path) => `vault://${path}`);
    for (const era of ERAS) expect(await walk(await harness.connect(era, harness.read))).toEqual(expected);
    expect(list).toHaveBeenCalledTimes(1);

    const writer = await harness.connect('modern', harness.write);
    expect(await walk(writer)).toEqual(expected);
    expect(list).toHaveBeenCalledTimes(2);

    expect((await writer.callTool({ name: 'note_write', arguments: { path: 'New.md', body: 'new' } })).isError).not.toBe(true);
    expect(await walk(await harness.connect('legacy', harness.read))).toEqual(expected);
    expect(list).toHaveBeenCalledTimes(3);
  });
});

describe.each(ERAS)('the replay cache over the %s era', (era) => {
  let harness: McpHarness;
  let admin: Client;

  beforeAll(async () => {
    harness = await startMcpHarness();
    const token = (await harness.tokens.create('admin', 'vault:admin')).token;
    admin = await connectClient(harness.url, era, token);
  });
  afterAll(async () => {
    await admin.close();
    await harness.dispose();
  });

  test('never replays an admin read: a configuration changed by another process is seen at once', async () => {
    const read = () => admin.callTool({ name: 'vault_config_get', arguments: {} });
    const first = await read();
    expect(first.structuredContent).toMatchObject({ config: { access: { write_enabled: true } } });
    // Another process (the plugin, the CLI) rewrites config.json: no event reaches this server.
    const storage = harness.vault.engine.storage;
    await writeVaultConfig(storage, mergeConfig(await readVaultConfig(storage), { access: { write_enabled: false } }));
    const second = await read();
    expect(second._meta?.[REPLAY_META_KEY]).toBeUndefined();
    expect(second.structuredContent).toMatchObject({ config: { access: { write_enabled: false } } });
  });

  test('still replays an ordinary read-only tool for the same token', async () => {
    const call = () => admin.callTool({ name: 'note_outline', arguments: { path: 'Projects/Plan.md' } });
    expect((await call())._meta?.[REPLAY_META_KEY]).toBeUndefined();
    expect((await call())._meta?.[REPLAY_META_KEY]).toBe(true);
  });
});
