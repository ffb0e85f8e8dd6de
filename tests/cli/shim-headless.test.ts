import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor, writeTempFolder } from '../helpers/temp-vault';
import { runCli } from './run-cli';
import { connectThroughShim, isRunning, SHIM_FILES, startShimServer, type Era } from './shim-harness';

// Issue 5 acceptance: with no server running for the vault and --vault (or INDX_VAULT) given,
// the shim serves the vault itself over stdio, both eras, and releases the vault's write lock
// when the client goes away. With a server running, the same command relays to it instead.

let vault: string;
let home: string;

beforeEach(async () => {
  vault = await writeTempFolder(SHIM_FILES);
  home = await mkdtemp(join(tmpdir(), 'indx-home-'));
});

afterEach(async () => {
  await rm(vault, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe.each<Era>(['legacy', 'modern'])('%s client, no server running', (era) => {
  test('--vault serves the folder headless: tools listed, note_read answered, lock released at the end', async () => {
    const shim = await connectThroughShim(era, { INDX_HOME: home }, ['--vault', vault]);
    const pid = shim.transport.pid ?? 0;
    const tools = (await shim.client.listTools()).tools.map((tool) => tool.name);
    // Seed 000 §6.1: read and write unless --scopes says otherwise; no admin tools.
    expect(tools).toEqual(expect.arrayContaining(['note_read', 'note_write']));
    expect(tools).not.toContain('vault_config_set');
    const result = await shim.client.callTool({ name: 'note_read', arguments: { path: 'Projects/Plan.md' } });
    expect(result.structuredContent).toMatchObject({ path: 'Projects/Plan.md', body: SHIM_FILES['Projects/Plan.md'] });
    expect(await readdir(join(vault, '.indx'))).toContain('write.lock');
    expect(shim.stderr()).toContain('serving it from this process');
    await shim.client.close();
    await waitFor(() => !isRunning(pid), 5000);
    expect(await readdir(join(vault, '.indx'))).not.toContain('write.lock');
  });
});

test('--scopes and --profile choose what a headless session may do: a read-only core session sees 8 tools and is refused a write', async () => {
  const shim = await connectThroughShim('legacy', { INDX_HOME: home }, ['--vault', vault, '--scopes', 'vault:read', '--profile', 'core']);
  const tools = (await shim.client.listTools()).tools.map((tool) => tool.name).sort();
  expect(tools).toEqual(['link_backlinks', 'note_exists', 'note_list', 'note_outline', 'note_read', 'tag_list', 'tag_notes', 'vault_search']);
  const refused = await shim.client.callTool({ name: 'note_write', arguments: { path: 'x.md', body: 'x' } });
  expect(refused.isError).toBe(true);
  expect(refused._meta?.['indx/error']).toMatchObject({ code: 'forbidden' });
  await shim.client.close();
});

test('--scopes with vault:admin gives the admin tools', async () => {
  const shim = await connectThroughShim('modern', { INDX_HOME: home }, ['--vault', vault, '--scopes', 'vault:read,vault:write,vault:admin']);
  expect((await shim.client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['note_write', 'vault_config_set']));
  await shim.client.close();
});

test('INDX_VAULT works like --vault, and a legacy client is told of changes to a subscribed note', async () => {
  const shim = await connectThroughShim('legacy', { INDX_HOME: home, INDX_VAULT: vault });
  const updates: string[] = [];
  shim.client.setNotificationHandler('notifications/resources/updated', (notification) => void updates.push(notification.params.uri));
  await shim.client.subscribeResource({ uri: 'vault://Projects/**' });
  for (let attempt = 0; !updates.includes('vault://Projects/Plan.md'); attempt += 1) {
    if (attempt === 20) throw new Error('the change was never announced');
    await writeFile(join(vault, 'Projects', 'Plan.md'), `# Plan\n\nedit ${attempt}\n`);
    await waitFor(() => updates.length > 0, 500).catch(() => undefined);
  }
  await shim.client.close();
});

test('a modern client listening for an exact note URI is told of its changes', async () => {
  const shim = await connectThroughShim('modern', { INDX_HOME: home }, ['--vault', vault]);
  const updates: string[] = [];
  shim.client.setNotificationHandler('notifications/resources/updated', (notification) => void updates.push(notification.params.uri));
  const subscription = await shim.client.listen({ resourceSubscriptions: ['vault://Projects/Plan.md'] });
  for (let attempt = 0; !updates.includes('vault://Projects/Plan.md'); attempt += 1) {
    if (attempt === 20) throw new Error('the change was never announced');
    await writeFile(join(vault, 'Projects', 'Plan.md'), `# Plan\n\nedit ${attempt}\n`);
    await waitFor(() => updates.length > 0, 500).catch(() => undefined);
  }
  await subscription.close();
  await shim.client.close();
});

test('a --vault that is not a folder is refused (exit 3, not_found) and nothing is created', async () => {
  const missing = join(home, 'no-such-vault');
  const result = await runCli(['mcp', 'serve', '--stdio', '--vault', missing]);
  expect(result.code).toBe(3);
  expect(result.stdout).toBe('');
  expect(JSON.parse(result.stderr.split('\n').filter((line) => line.startsWith('{')).join(''))).toMatchObject({ error: { code: 'not_found' } });
  await expect(readdir(missing)).rejects.toMatchObject({ code: 'ENOENT' });
});

test('with the vault\'s server running, --vault relays to it instead of serving headless', async () => {
  const server = await startShimServer();
  try {
    const shim = await connectThroughShim('legacy', { INDX_HOME: server.home, INDX_TOKEN: server.write }, ['--vault', server.vault.root]);
    expect((await shim.client.listTools()).tools.map((tool) => tool.name)).not.toContain('vault_config_set');
    expect(shim.stderr()).not.toContain('serving it from this process');
    await shim.client.close();
  } finally {
    await server.dispose();
  }
});
