import { Validator, type Schema } from '@cfworker/json-schema';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_FILES, startMcpHarness, type McpHarness } from '../mcp/mcp-harness';

// Issue 13: what a content-first client (the model reads `content`) and a structured-first
// client (the model reads `structuredContent`) put before the model, through the official v1
// SDK client (1.x, which validates structuredContent against the advertised outputSchema and
// throws on a mismatch) and the v2 client, over Streamable HTTP. Every result of every non-AI
// tool is also checked against its advertised outputSchema with a JSON Schema validator (the
// AI tools are checked the same way in every AI surface test, see tests/helpers/ai-harness.ts).

interface CallResult {
  content?: unknown;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

interface Caller {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[] }>;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<CallResult>;
  close(): Promise<void>;
}

const FILES = {
  ...MCP_FILES,
  'Boards/Plan.canvas': JSON.stringify({ nodes: [{ id: 'a1b2c3d4e5f60718', type: 'text', text: 'Plan', x: 0, y: 0, width: 200, height: 80 }], edges: [] }),
  'Tasks.base': 'views:\n  - type: table\n    name: All\n',
};

let harness: McpHarness;
let admin: string;

beforeAll(async () => {
  harness = await startMcpHarness({ files: FILES });
  admin = (await harness.tokens.create('admin', 'vault:read,vault:write,vault:admin')).token;
});
afterAll(() => harness.dispose());

async function connect(kind: 'v1' | 'v2', token: string): Promise<Caller> {
  const headers = { Authorization: `Bearer ${token}` };
  if (kind === 'v1') {
    const client = new ClientV1({ name: 'matrix-v1', version: '1.0.0' });
    await client.connect(new TransportV1(new URL(harness.url), { requestInit: { headers } }));
    return client;
  }
  const client = new ClientV2({ name: 'matrix-v2', version: '1.0.0' });
  await client.connect(new TransportV2(new URL(harness.url), { requestInit: { headers } }));
  return client as unknown as Caller;
}

function textOf(result: CallResult): string {
  return (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');
}

describe.each(['v1', 'v2'] as const)('the official %s SDK client', (kind) => {
  let client: Caller;

  beforeAll(async () => {
    client = await connect(kind, harness.write);
    // The v1 client validates structuredContent against the output schemas it has listed.
    await client.listTools();
  });
  afterAll(() => client.close());

  test('note_read: the text carries the note (frontmatter and body); structuredContent the same fields', async () => {
    const result = await client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } });
    const text = textOf(result);
    expect(text).toMatch(/^Welcome\.md \(etag [0-9a-f]{16}\)\n---\ntags:\n {2}- start\n---\n/);
    expect(text).toContain('# Welcome\n\nSee [[Daily/2026-11-21]] and [[Projects/Plan]].');
    expect(result.structuredContent).toMatchObject({ path: 'Welcome.md', frontmatter: { tags: ['start'] }, body: expect.stringContaining('# Welcome') as unknown });
  });

  test('vault_search: the text carries every result path and snippet', async () => {
    await harness.vault.engine.search?.whenReady();
    const result = await client.callTool({ name: 'vault_search', arguments: { q: 'plan' } });
    const hits = (result.structuredContent as { results: { path: string; snippet: string }[] }).results;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(textOf(result)).toContain(hit.path);
      expect(textOf(result)).toContain(hit.snippet.replace(/\n/g, ' '));
    }
  });

  test('note_list: one line per note in the text', async () => {
    const result = await client.callTool({ name: 'note_list', arguments: {} });
    const notes = (result.structuredContent as { notes: { path: string }[] }).notes;
    const lines = textOf(result).split('\n');
    for (const note of notes) expect(lines.filter((line) => line.includes(`path: ${note.path}`))).toHaveLength(1);
  });

  test('note_patch: the text names the path and the new etag', async () => {
    const read = await client.callTool({ name: 'note_read', arguments: { path: 'Projects/Plan.md' } });
    const etag = (read.structuredContent as { etag: string }).etag;
    const result = await client.callTool({ name: 'note_patch', arguments: { path: 'Projects/Plan.md', if_match: etag, ops: [{ op: 'append_body', markdown: `- from ${kind}\n` }] } });
    const patched = result.structuredContent as { path: string; etag: string };
    expect(textOf(result)).toContain('Projects/Plan.md');
    expect(textOf(result)).toContain(patched.etag);
  });

  test('an error is shown, not thrown: isError, its code and message in the text, no structuredContent', async () => {
    const result = await client.callTool({ name: 'note_read', arguments: { path: 'Nowhere/none.md' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^Error not_found: .*Nowhere\/none\.md/);
    expect(result._meta?.['indx/error']).toMatchObject({ code: 'not_found' });
  });
});

test('every non-AI tool: success and error results conform to the advertised outputSchema (v1 client validating, and a JSON Schema validator)', async () => {
  const client = await connect('v1', admin);
  const { tools } = await client.listTools();
  const schemas = new Map(tools.map((tool) => [tool.name, tool.outputSchema as Schema]));
  const inputSchemas = new Map(tools.map((tool) => [tool.name, tool.inputSchema as Schema]));
  const read = async (path: string): Promise<string> => ((await client.callTool({ name: 'note_read', arguments: { path } })).structuredContent as { etag: string }).etag;
  const canvasEtag = ((await client.callTool({ name: 'canvas_read', arguments: { path: 'Boards/Plan.canvas' } })).structuredContent as { etag: string }).etag;
  const calls: [string, Record<string, unknown>][] = [
    ['vault_status', {}],
    ['note_read', { path: 'Welcome.md', include: ['body', 'frontmatter', 'outline', 'links', 'backlinks', 'stat'] }],
    ['note_read_many', { paths: ['Welcome.md', 'Nowhere.md'], include: ['body', 'frontmatter', 'outline', 'links', 'backlinks', 'stat'], max_bytes: 10 }],
    ['note_list', { path_glob: 'Daily/**' }],
    ['note_outline', { path: 'Daily/2026-11-21.md' }],
    ['note_exists', { path: 'Welcome.md' }],
    ['note_daily', { date: '2026-11-21' }],
    ['vault_search', { q: 'welcome' }],
    ['link_backlinks', { path: 'Welcome.md' }],
    ['link_forward', { path: 'Welcome.md' }],
    ['link_unresolved', {}],
    ['link_orphans', {}],
    ['tag_list', {}],
    ['tag_notes', { tag: 'start' }],
    ['canvas_read', { path: 'Boards/Plan.canvas' }],
    ['base_query', { path: 'Tasks.base' }],
    ['note_write', { path: 'New.md', body: '# New\n' }],
    ['note_patch', { path: 'Daily/2026-11-21.md', if_match: await read('Daily/2026-11-21.md'), ops: [{ op: 'append_body', markdown: '- more\n' }] }],
    ['note_move', { from: 'New.md', to: 'Moved.md' }],
    ['note_delete', { path: 'Moved.md' }],
    ['tag_rename', { from: 'start', to: 'begin' }],
    ['canvas_write', { path: 'Boards/New.canvas', canvas: { nodes: [], edges: [] } }],
    ['canvas_patch', { path: 'Boards/Plan.canvas', if_match: canvasEtag, ops: [{ op: 'remove_node', id: 'a1b2c3d4e5f60718' }] }],
    ['attachment_write', { path: 'img/dot.png', data: 'iVBORw0KGgo=' }],
    ['attachment_list', {}],
    ['attachment_read', { path: 'img/dot.png' }],
    ['vault_config_get', {}],
    ['vault_config_set', { config: { access: { read_only_paths: ['Archive/**'] } } }],
    ['vault_reindex', {}],
  ];
  expect(calls.map(([name]) => name).sort()).toEqual([...schemas.keys()].sort());
  const problems: string[] = [];
  for (const [name, input] of calls) {
    for (const [outcome, args] of [['success', input], ['error', { ...input, no_such_field: true }]] as const) {
      const result = await client.callTool({ name, arguments: args });
      if ((outcome === 'success') === (result.isError === true)) problems.push(`${name} ${outcome}: ${textOf(result)}`);
      // The advertised input schema is looser than the server's own check, never stricter: what the server accepts, it accepts.
      const advertised = new Validator(inputSchemas.get(name) ?? {}, '2020-12').validate(args);
      if (outcome === 'success' && !advertised.valid) problems.push(`${name} input: ${JSON.stringify(advertised.errors.slice(0, 2))}`);
      if (result.structuredContent === undefined) continue;
      const checked = new Validator(schemas.get(name) ?? {}, '2020-12').validate(result.structuredContent);
      if (!checked.valid) problems.push(`${name} ${outcome}: ${JSON.stringify(checked.errors.slice(0, 2))}`);
    }
  }
  expect(problems).toEqual([]);
  await client.close();
});
