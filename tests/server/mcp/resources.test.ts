import type { Client } from '@modelcontextprotocol/client';
import { ERAS, startMcpHarness, type McpHarness } from './mcp-harness';

// Issue 3 item 4 through a real client per era: resources as fixed URIs and templates, a
// paginated resources/list, reads through the vault:// scheme, completion of template variables.

const PAGE_SIZE = 4;

describe.each(ERAS)('resources over the %s era', (era) => {
  let harness: McpHarness;
  let client: Client;

  beforeAll(async () => {
    harness = await startMcpHarness({ endpoint: { resourcePageSize: PAGE_SIZE } });
    client = await harness.connect(era, harness.read);
  });
  afterAll(() => harness.dispose());

  test('resources/list is paginated and, walked to the end, lists fixed resources then every note', async () => {
    const first = await client.request({ method: 'resources/list', params: {} });
    expect(first.resources).toHaveLength(PAGE_SIZE);
    const second = await client.listResources({ cursor: first.nextCursor ?? '' });
    expect(second.resources).toHaveLength(PAGE_SIZE);
    const all = await client.listResources();
    expect(all.nextCursor).toBeUndefined();
    const uris = all.resources.map((resource) => resource.uri);
    expect(uris.slice(0, 2 * PAGE_SIZE)).toEqual([...first.resources, ...second.resources].map((resource) => resource.uri));
    expect(uris).toEqual(expect.arrayContaining(['vault://graph', 'vault://tags', 'config://vault', 'vault://Projects/Plan.md', 'vault://Daily/Archive/2026-11-01.md']));
    expect(new Set(uris).size).toBe(uris.length);
    expect(all.resources.find((resource) => resource.uri === 'vault://Projects/Plan.md')).toMatchObject({ name: 'Projects/Plan.md', mimeType: 'text/markdown' });
  });

  test('an invalid cursor is rejected', async () => {
    await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
  });

  test('templates are listed with their RFC 6570 URI templates', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(expect.arrayContaining(['vault://{+path}', 'vault://graph/backlinks/{+path}', 'toc://vault/{+path}']));
  });

  test('a note reads as its markdown through vault://<path>', async () => {
    const { contents } = await client.readResource({ uri: 'vault://Projects/Plan.md' });
    expect(contents).toEqual([{ uri: 'vault://Projects/Plan.md', mimeType: 'text/markdown', text: '# Plan\n\n## Goals\n- ship\n' }]);
  });

  test('a fixed resource reads as JSON', async () => {
    const { contents } = await client.readResource({ uri: 'vault://graph' });
    expect(contents[0]).toMatchObject({ uri: 'vault://graph', mimeType: 'application/json' });
    expect(JSON.parse((contents[0] as { text: string }).text)).toMatchObject({ edges: expect.arrayContaining([{ source: 'Welcome.md', target: 'Projects/Plan.md', count: 1 }]) as unknown });
  });

  test('a missing note is a resource-not-found error, not empty contents', async () => {
    const error: unknown = await client.readResource({ uri: 'vault://Nowhere.md' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('No file at "Nowhere.md"') as unknown, data: { uri: 'vault://Nowhere.md' } });
  });

  test('a path escaping the vault is refused', async () => {
    const error: unknown = await client.readResource({ uri: 'vault://%2e%2e/outside.md' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602, data: { code: 'invalid_path' } });
  });

  test('template variables complete to vault paths', async () => {
    const result = await client.complete({ ref: { type: 'ref/resource', uri: 'vault://{+path}' }, argument: { name: 'path', value: 'Daily/' } });
    expect(result.completion.values).toEqual(['Daily/2026-11-21.md', 'Daily/Archive/2026-11-01.md']);
  });
});
