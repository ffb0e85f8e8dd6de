import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readDiscoveries, findDiscovery, type DiscoveryRecord } from '../../src/server/discovery/discovery-file';
import { CLI } from '../cli/run-cli';
import { waitFor } from '../helpers/temp-vault';
import { connectClient } from '../server/mcp/mcp-harness';
import { settingNamed } from './fake-app';
import * as fake from './fake/obsidian';
import { canListen, loadBuiltPlugin, MANIFEST, preparePluginVault, type PluginVault } from './plugin-harness';
import { endpointFrom } from './snippet-endpoints';

// Issue 15, item 5: two vaults open at once, both configured with the same port. The second
// takes the next free port, says so, and is found by vault: its discovery record, its copied
// client configuration, `indx mcp serve --stdio --vault` and the Claude Desktop relay all lead to
// its own server, never to the other vault's.

const RELAY = path.resolve(__dirname, '../../packages/indx-mcp/dist/relay.js');

interface OpenVault {
  vault: PluginVault;
  plugin: fake.Plugin;
  body: string;
}

/** Polls an asynchronous condition until it holds (`timeoutMs` at most). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(20);
  }
}

/** Home.md as a `note_read` tool call at `url` (an MCP endpoint) returns it. */
async function homeBodyAt(url: string, token: string): Promise<unknown> {
  const client = await connectClient(url, 'legacy', token);
  try {
    return (await client.callTool({ name: 'note_read', arguments: { path: 'Home.md' } })).structuredContent;
  } finally {
    await client.close();
  }
}

/** Home.md read through a stdio client started as `node script args…` (the CLI or the stand-alone relay). */
async function homeBodyThrough(script: string, args: string[], environment: Record<string, string>): Promise<unknown> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, ...args], env: { ...getDefaultEnvironment(), ...environment }, stderr: 'pipe' });
  const client = new Client({ name: 'two-vaults', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.callTool({ name: 'note_read', arguments: { path: 'Home.md' } })).structuredContent;
  } finally {
    await client.close();
  }
}

describe('two vaults open at once with the same configured port', () => {
  let home: string;
  let a: OpenVault;
  let b: OpenVault;
  let headless: ChildProcess | null = null;
  const extra: fake.Plugin[] = [];

  const folder = (): string => path.join(home, 'instances');
  const record = (open: OpenVault): Promise<DiscoveryRecord | null> => findDiscovery(open.vault.root, folder());

  async function open(body: string, port?: number): Promise<OpenVault> {
    // Cursor: a snippet client, so the copy command copies an HTTP entry (naming the port).
    const vault = await preparePluginVault({ 'Home.md': body }, { client: 'cursor' });
    if (port !== undefined) await fs.writeFile(path.join(vault.pluginFolder, 'data.json'), JSON.stringify({ version: 1, client: 'cursor', server: { enabled: true, port } }));
    return { vault, plugin: new (loadBuiltPlugin(fake))(vault.app, MANIFEST), body };
  }

  async function start(open: OpenVault): Promise<DiscoveryRecord> {
    await open.vault.app.enable(open.plugin);
    open.vault.app.workspace.setLayoutReady();
    let found: DiscoveryRecord | null = null;
    await eventually(async () => (found = await record(open)) !== null);
    return found as unknown as DiscoveryRecord;
  }

  /** What the copy command puts on the clipboard for `open`'s vault, read the way Cursor reads it, with the token filled in. */
  async function copiedEndpoint(open: OpenVault): Promise<{ url: string; headers: Record<string, string> }> {
    const before = fake.clipboardWrites.length;
    expect(open.vault.app.commands.run('indx:copy-client-config')).toBe(true);
    await waitFor(() => fake.clipboardWrites.length > before);
    return endpointFrom('cursor', (fake.clipboardWrites.at(-1) ?? '').split('<TOKEN>').join(open.vault.token));
  }

  beforeAll(async () => {
    fake.installAppGlobals();
    a = await open('# Vault A\n');
    b = await open('# Vault B\n', a.vault.port);
    // One machine, one discovery folder for both (each preparePluginVault made its own).
    home = await fs.mkdtemp(path.join(tmpdir(), 'indx-home-'));
    process.env.INDX_HOME = home;
  });

  afterAll(async () => {
    for (const open of [a, b]) open.vault.app.disable(open.plugin);
    for (const plugin of extra) plugin.unload();
    if (headless !== null) await stop(headless);
    await eventually(async () => (await readDiscoveries(folder())).length === 0).catch(() => undefined);
    await a.vault.dispose();
    await b.vault.dispose();
    await fs.rm(home, { recursive: true, force: true });
    delete process.env.INDX_HOME;
  });

  it('serves both: the second on the next free port, saying so in its status bar, its settings tab and its discovery record', async () => {
    const first = await start(a);
    expect(first).toMatchObject({ host: 'obsidian', port: a.vault.port, url: `http://127.0.0.1:${a.vault.port}` });
    const second = await start(b);
    expect(second.port).toBeGreaterThan(a.vault.port);
    expect(second.port).toBeLessThanOrEqual(a.vault.port + 9);
    expect(second).toMatchObject({ host: 'obsidian', url: `http://127.0.0.1:${second.port}`, vault_path: await fs.realpath(b.vault.root) });
    await waitFor(() => b.vault.app.statusBar.textContent === `indx: 127.0.0.1:${second.port} (port ${a.vault.port} was in use)`);
    expect(a.vault.app.statusBar.textContent).toBe(`indx: 127.0.0.1:${a.vault.port}`);
    // Each vault's own server answers with its own note.
    expect(await homeBodyAt(`${first.url}/mcp`, a.vault.token)).toMatchObject({ path: 'Home.md', body: a.body });
    expect(await homeBodyAt(`${second.url}/mcp`, b.vault.token)).toMatchObject({ path: 'Home.md', body: b.body });

    const tab = b.vault.app.setting.tabs[0] as fake.PluginSettingTab;
    b.vault.app.setting.open(tab);
    await waitFor(() => tab.containerEl.textContent.length > 0 && !tab.containerEl.textContent.includes('Loading…'));
    expect(settingNamed(tab.containerEl, 'Port').descEl.textContent).toMatch(new RegExp(`^Port ${a.vault.port} was in use; serving on ${second.port}\\. `));
    expect(settingNamed(tab.containerEl, 'Status').descEl.textContent).toBe(`Port ${a.vault.port} was in use; serving on ${second.port}. MCP at ${second.url}/mcp, REST at ${second.url}/v1, listening on 127.0.0.1 only.`);
    b.vault.app.setting.close();
  });

  it('copies to each vault a client configuration naming its own port, which reaches its own notes', async () => {
    const second = (await record(b)) as DiscoveryRecord;
    const endpointA = await copiedEndpoint(a);
    const endpointB = await copiedEndpoint(b);
    expect(endpointA.url).toBe(`http://127.0.0.1:${a.vault.port}/mcp`);
    expect(endpointB.url).toBe(`http://127.0.0.1:${second.port}/mcp`);
    expect(await homeBodyAt(endpointB.url, b.vault.token)).toMatchObject({ body: b.body });
    expect(await homeBodyAt(endpointA.url, a.vault.token)).toMatchObject({ body: a.body });
  });

  it('lets `indx mcp serve --stdio --vault` and the Claude Desktop relay reach the vault they are given', async () => {
    for (const open of [b, a]) {
      const environment = { INDX_HOME: home, INDX_TOKEN: open.vault.token };
      expect(await homeBodyThrough(CLI, ['mcp', 'serve', '--stdio', '--vault', open.vault.root], environment)).toMatchObject({ body: open.body });
      expect(await homeBodyThrough(RELAY, ['--vault', open.vault.root], environment)).toMatchObject({ body: open.body });
    }
  });

  // The fallback never serves a vault twice: the write lock, taken before any port, makes the
  // plugin of a vault another indx already serves wait rather than take the next port.
  it('waits, taking no port, while another indx serves the same vault on its port', async () => {
    a.vault.app.disable(a.plugin);
    await eventually(async () => (await record(a)) === null && (await canListen(a.vault.port)));
    headless = await serve(a.vault.root, a.vault.port, home);
    const served = (await record(a)) as DiscoveryRecord;
    expect(served).toMatchObject({ host: 'headless', port: a.vault.port });
    const again = new (loadBuiltPlugin(fake))(a.vault.app, MANIFEST);
    extra.push(again);
    await a.vault.app.enable(again);
    await waitFor(() => a.vault.app.statusBar.textContent === 'indx: waiting: another indx process serves this vault', 10_000);
    expect(await record(a)).toEqual(served);
    expect((await readDiscoveries(folder())).map((found) => found.port).sort()).toEqual([a.vault.port, ((await record(b)) as DiscoveryRecord).port].sort());
  });
});

/** Runs `indx serve --vault root --port port` with the discovery folder of `home`; resolves once it serves. */
function serve(root: string, port: number, home: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--vault', root, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INDX_HOME: home } });
  return new Promise((resolve, reject) => {
    let printed = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      if (printed.includes('Press Ctrl+C to stop.')) resolve(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`indx serve exited with ${String(code)}: ${errors}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
