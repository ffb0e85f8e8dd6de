import type { Client } from '@modelcontextprotocol/client';
import { REPLAY_META_KEY } from '../../../src/server/mcp/replay-cache';
import { ERAS, startMcpHarness, type McpHarness } from './mcp-harness';

// Seed 000 §3 through a real client per era: scope-filtered catalog, structured results with a
// one-line summary, errors as isError with {code, message, details}, replays of safe calls.

/** Seed 000 §2, verbatim. */
const SEED_INSTRUCTIONS =
  'You are connected to an indx vault. Notes are markdown files identified by vault-relative posix paths. Prefer note_patch with structured ops over note_write whenever you only need to change a section. Search before you read; read before you write; pass the etag back on writes.';

const READ_TOOLS = ['vault_status', 'note_read', 'note_read_many', 'note_list', 'note_outline', 'note_exists', 'note_daily', 'vault_search', 'link_backlinks', 'link_forward', 'link_unresolved', 'link_orphans', 'tag_list', 'tag_notes', 'canvas_read', 'base_query', 'attachment_list', 'attachment_read'];
const WRITE_TOOLS = ['note_write', 'note_patch', 'note_delete', 'note_move', 'tag_rename', 'canvas_write', 'canvas_patch', 'attachment_write'];

interface NoteOutput {
  path: string;
  etag: string;
  body: string;
}

function errorOf(result: Awaited<ReturnType<Client['callTool']>>): { code: string; message: string; details: Record<string, unknown> } {
  expect(result.isError).toBe(true);
  // No structuredContent (it would not match the output schema); the body rides in _meta, its code and message in the text.
  expect(result.structuredContent).toBeUndefined();
  const body = result._meta?.['indx/error'] as { code: string; message: string; details: Record<string, unknown> };
  expect((result.content as { text: string }[])[0]?.text).toContain(`Error ${body.code}: ${body.message}`);
  return body;
}

describe.each(ERAS)('tools over the %s era', (era) => {
  let harness: McpHarness;
  let reader: Client;
  let writer: Client;

  beforeAll(async () => {
    harness = await startMcpHarness();
    reader = await harness.connect(era, harness.read);
    writer = await harness.connect(era, harness.write);
  });
  afterAll(() => harness.dispose());

  test('the client negotiated the era under test and got the seed identity and instructions', () => {
    expect(reader.getProtocolEra()).toBe(era);
    expect(reader.getServerVersion()).toEqual({ name: 'indx', version: '0.1.0' });
    expect(reader.getInstructions()).toBe(SEED_INSTRUCTIONS);
  });

  test('a read token sees only the read tools; a write token sees the write tools too', async () => {
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual(READ_TOOLS);
    expect((await writer.listTools()).tools.map((tool) => tool.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
  });

  test('a read token calling a write tool gets forbidden', async () => {
    const result = await reader.callTool({ name: 'note_write', arguments: { path: 'Nope.md', body: 'x' } });
    expect(errorOf(result)).toMatchObject({ code: 'forbidden', details: { required: 'vault:write' } });
  });

  test('note_read returns the note as structuredContent and as text: a header line, then the note', async () => {
    const result = await reader.callTool({ name: 'note_read', arguments: { path: 'Projects/Plan.md' } });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ path: 'Projects/Plan.md', body: '# Plan\n\n## Goals\n- ship\n', frontmatter: null });
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Projects\/Plan\.md \(etag [0-9a-f]{16}\)\n# Plan\n\n## Goals\n- ship\n$/) as unknown }]);
  });

  test('note_patch with the current etag edits; with a stale etag it fails with etag_mismatch', async () => {
    const read = (await writer.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } })).structuredContent as NoteOutput;
    const ops = [{ op: 'append_body', markdown: `- from ${era}` }];
    const patched = await writer.callTool({ name: 'note_patch', arguments: { path: 'Welcome.md', ops, if_match: read.etag } });
    expect(patched.structuredContent).toMatchObject({ path: 'Welcome.md', body: expect.stringContaining(`- from ${era}`) as unknown });
    const stale = await writer.callTool({ name: 'note_patch', arguments: { path: 'Welcome.md', ops, if_match: read.etag } });
    expect(errorOf(stale)).toMatchObject({ code: 'etag_mismatch', message: expect.any(String) as unknown });
  });

  test('invalid input is an isError invalid_input naming the field', async () => {
    const result = await reader.callTool({ name: 'note_read', arguments: { path: 42 } });
    expect(errorOf(result)).toMatchObject({ code: 'invalid_input', details: { issues: [expect.objectContaining({ path: 'path' })] } });
  });

  test('a missing note is not_found with the path in details', async () => {
    const result = await reader.callTool({ name: 'note_read', arguments: { path: 'Nowhere.md' } });
    expect(errorOf(result)).toMatchObject({ code: 'not_found', details: { path: 'Nowhere.md' } });
  });

  test('a tool that does not exist is a JSON-RPC error, not a result', async () => {
    await expect(reader.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/no_such_tool not found/);
  });

  test('an identical read within the window is a replay; a write in between invalidates it', async () => {
    const call = () => writer.callTool({ name: 'note_read', arguments: { include: ['body'], path: 'Daily/2026-11-21.md' } });
    const first = await call();
    expect(first._meta?.[REPLAY_META_KEY]).toBeUndefined();
    const second = await writer.callTool({ name: 'note_read', arguments: { path: 'Daily/2026-11-21.md', include: ['body'] } });
    expect(second._meta?.[REPLAY_META_KEY]).toBe(true);
    expect(second.structuredContent).toEqual(first.structuredContent);
    await writer.callTool({ name: 'note_patch', arguments: { path: 'Daily/2026-11-21.md', ops: [{ op: 'append_body', markdown: 'later' }] } });
    const third = await call();
    expect(third._meta?.[REPLAY_META_KEY]).toBeUndefined();
    expect((third.structuredContent as NoteOutput).body).toContain('later');
  });

  test('replays are per token: the same call by another token runs again', async () => {
    const input = { name: 'note_outline', arguments: { path: 'Projects/Plan.md' } };
    await writer.callTool(input);
    expect((await reader.callTool(input))._meta?.[REPLAY_META_KEY]).toBeUndefined();
    expect((await reader.callTool(input))._meta?.[REPLAY_META_KEY]).toBe(true);
  });

  test('write tools are never replayed', async () => {
    const input = { name: 'note_write', arguments: { path: `Scratch-${era}.md`, body: 'same' } };
    const first = await writer.callTool(input);
    const second = await writer.callTool(input);
    expect(first.isError).not.toBe(true);
    expect(second._meta?.[REPLAY_META_KEY]).toBeUndefined();
  });
});
