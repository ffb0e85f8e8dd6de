import { rm } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { TokenStore } from '../../../src/core/auth/token-store';
import { FileStorage, locateStateDir } from '../../../src/hosts/node/file-storage';
import { runCli } from '../../cli/run-cli';
import { startAiHarness, type AiHarness } from '../../helpers/ai-harness';
import { writeTempFolder } from '../../helpers/temp-vault';

// Issue 17: the editor and command tools need the Obsidian app. A headless server (the same
// startServer as `indx serve`) neither lists them nor runs them: each call answers
// editor_unavailable over MCP and 503 over REST, and says why.

let harness: AiHarness;
let editorToken: string;

beforeAll(async () => {
  harness = await startAiHarness({ noProvider: true, files: { 'A.md': '# A\n' } });
  const tokens = await TokenStore.load(new FileStorage(locateStateDir(harness.root)));
  editorToken = (await tokens.create('editor', ['vault:read', 'app:editor'])).token;
});
afterAll(async () => {
  await harness.dispose();
});

const APP_TOOLS = ['workspace_active', 'workspace_open', 'command_list', 'command_run'];

function errorOf(result: CallToolResult): { code?: string; message?: string } {
  return (result._meta?.['indx/error'] as { code?: string; message?: string } | undefined) ?? {};
}

test('tools/list of an admin token has none of the editor or command tools', async () => {
  const { tools } = await (await harness.connect(harness.served.admin)).listTools();
  expect(tools.map((tool) => tool.name).filter((name) => APP_TOOLS.includes(name))).toEqual([]);
});

test.each([
  ['workspace_active', {}],
  ['workspace_open', { path: 'A.md' }],
  ['command_list', {}],
  ['command_run', { id: 'app:reload' }],
])('%s answers editor_unavailable over MCP, saying the server is headless', async (name, args) => {
  const result = await harness.callTool(name, args, harness.served.admin);
  expect(result.isError).toBe(true);
  expect(errorOf(result).code).toBe('editor_unavailable');
  expect(errorOf(result).message).toContain('headless');
});

test('an app:editor token hears editor_unavailable too; a reader hears forbidden first', async () => {
  expect(errorOf(await harness.callTool('workspace_active', {}, editorToken)).code).toBe('editor_unavailable');
  expect(errorOf(await harness.callTool('workspace_active', {}, harness.served.read)).code).toBe('forbidden');
});

test('the REST twins answer 503 editor_unavailable', async () => {
  const active = await harness.rest('GET', '/v1/workspace/active', undefined, editorToken);
  expect(active.status).toBe(503);
  expect(active.body).toMatchObject({ error: { code: 'editor_unavailable' } });
  const open = await harness.rest('POST', '/v1/workspace/open', { path: 'A.md' }, harness.served.admin);
  expect(open.status).toBe(503);
  const run = await harness.rest('POST', '/v1/commands/app:reload', {}, harness.served.admin);
  expect(run.status).toBe(503);
  expect(run.body).toMatchObject({ error: { code: 'editor_unavailable' } });
});

test('indx workspace active on a vault no plugin serves exits 6 with editor_unavailable', async () => {
  const root = await writeTempFolder({ 'A.md': '# A\n' });
  try {
    const result = await runCli(['workspace', 'active', '--vault', root]);
    expect(result.code).toBe(6);
    expect((JSON.parse(result.stderr) as { error: { code: string } }).error.code).toBe('editor_unavailable');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('indx token create accepts the app:editor scope', async () => {
  const root = await writeTempFolder({ 'A.md': '# A\n' });
  try {
    const created = await runCli(['token', 'create', '--vault', root, '--name', 'editor', '--scopes', 'vault:read,app:editor', '--json']);
    expect(created.code).toBe(0);
    expect((JSON.parse(created.stdout) as { scopes: string[] }).scopes).toEqual(['vault:read', 'app:editor']);
    const refused = await runCli(['token', 'create', '--vault', root, '--name', 'bad', '--scopes', 'app:everything']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('app:editor');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
