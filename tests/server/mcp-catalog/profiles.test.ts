import { TOOL_PROFILES } from '../../../src/core/auth/tool-profiles';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { connectClient, ERAS } from '../mcp/mcp-harness';

// Issue 13: a token limited to a tool profile sees only its tools on MCP and is refused the
// others on MCP and REST; a read-only token's catalog shows no field that only matters when an
// AI tool writes (seed 000 §3.6), while a write token's keeps them.

let harness: AiHarness;
let core: string;

beforeAll(async () => {
  harness = await startAiHarness();
  core = (await harness.served.tokens.create('core-agent', 'vault:read,vault:write', TOOL_PROFILES.core)).token;
});
afterAll(() => harness.dispose());

test('a core token lists exactly the core tools, in a catalog a fraction of the full one', async () => {
  const { tools } = await (await harness.connect(core)).listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_PROFILES.core].sort());
  const full = (await (await harness.connect(harness.served.admin)).listTools()).tools;
  console.log(`tools/list, core profile: ${tools.length} tools, ${JSON.stringify(tools).length} bytes (admin with AI: ${JSON.stringify(full).length})`);
  expect(JSON.stringify(tools).length * 2).toBeLessThan(JSON.stringify(full).length);
});

test.each(ERAS)('a core token sees only its tools and is refused the others over a %s-era client (the modern era carries the limit through the SDK\'s auth info)', async (era) => {
  const client = await connectClient(`${harness.served.server.url}/mcp`, era, core);
  try {
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...TOOL_PROFILES.core].sort());
    const refused = await client.callTool({ name: 'link_orphans', arguments: {} });
    expect(refused._meta?.['indx/error']).toMatchObject({ code: 'forbidden' });
    expect((await client.callTool({ name: 'note_read', arguments: { path: 'Projects/Alpha.md' } })).isError).not.toBe(true);
  } finally {
    await client.close();
  }
});

test('a core token is refused other tools on MCP (forbidden) and may call its own', async () => {
  const refused = await harness.callTool('tag_rename', { from: 'project', to: 'projects' }, core);
  expect(refused.isError).toBe(true);
  expect(refused._meta?.['indx/error']).toMatchObject({ code: 'forbidden', details: { operation: 'tag_rename' } });
  expect((await harness.callTool('ai_summarize', { scope: { kind: 'paths', paths: ['Projects/Alpha.md'] } }, core))._meta?.['indx/error']).toMatchObject({ code: 'forbidden' });
  expect((await harness.callTool('note_read', { path: 'Projects/Alpha.md' }, core)).isError).not.toBe(true);
});

test('a core token is refused other operations on REST (403 forbidden) and may call its own', async () => {
  const refused = await harness.rest('GET', '/v1/links/orphans', undefined, core);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect((await harness.rest('GET', '/v1/notes/Projects/Alpha.md', undefined, core)).status).toBe(200);
});

test('a read-only catalog hides the AI tools\' write fields; a write catalog shows them', async () => {
  const fieldsOf = async (token: string, tool: string): Promise<string> => JSON.stringify((await (await harness.connect(token)).listTools()).tools.find((entry) => entry.name === tool)?.inputSchema);
  for (const tool of ['ai_tag', 'ai_metadata', 'ai_extract']) {
    const read = await fieldsOf(harness.served.read, tool);
    const write = await fieldsOf(harness.served.write, tool);
    for (const field of ['apply', 'apply_mode', 'if_match', 'if_match_mode']) {
      expect({ tool, field, read: read.includes(`"${field}":`) }).toEqual({ tool, field, read: false });
      expect({ tool, field, write: write.includes(`"${field}":`) }).toEqual({ tool, field, write: true });
    }
  }
  expect(await fieldsOf(harness.served.read, 'ai_toc')).not.toContain('"write":');
  expect(await fieldsOf(harness.served.write, 'ai_toc')).toContain('"write":');
});
