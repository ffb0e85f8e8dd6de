import { setTimeout as delay } from 'node:timers/promises';
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { waitFor } from '../helpers/temp-vault';
import { connectClient, type Era } from '../server/mcp/mcp-harness';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MAIN_JS, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

const FILES = {
  'Home.md': '---\ntags: [start]\n---\n# Home\nSee [[Notes/Alpha]].\n',
  'Notes/Alpha.md': '# Alpha\nBack to [[Home]].\n',
};

/** The structured result of a tool call, failing the test on an error result. */
async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError === true) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

describe('the built main.js in the fake app: load, serve MCP, unload, reload', () => {
  let vault: PluginVault;
  const quiet = { log: jest.spyOn(console, 'log'), info: jest.spyOn(console, 'info') };

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault(FILES);
  });

  const loaded: fake.Plugin[] = [];

  afterAll(async () => {
    // A failed test may leave a plugin running: unload it before the folder goes.
    for (const plugin of loaded) vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  it('is one CommonJS file that leaves obsidian and Node built-ins to the app and bundles the rest', () => {
    const bundle = readFileSync(MAIN_JS, 'utf8');
    const required = new Set([...bundle.matchAll(/\brequire\("([^"]+)"\)/g)].map((match) => match[1] as string));
    expect(required.has('obsidian')).toBe(true);
    const outside = [...required].filter((name) => name !== 'obsidian' && !/^(node:)?[a-z0-9_]+(\/[a-z0-9_]+)?$/.test(name) && !name.startsWith('ajv'));
    expect(outside).toEqual([]);
    for (const name of ['express', 'zod', '@modelcontextprotocol/server', 'proper-lockfile', 'xxhash-wasm']) expect(required.has(name)).toBe(false);
  });

  async function serveAndUse(plugin: fake.Plugin, era: Era): Promise<void> {
    await waitFor(() => vault.app.statusBar.textContent.includes(`127.0.0.1:${vault.port}`), 10_000);
    const record = await waitForServer(vault);
    expect(record).toMatchObject({ host: 'obsidian', port: vault.port, url: `http://127.0.0.1:${vault.port}`, pid: process.pid });
    const client = await connectClient(`${record.url}/mcp`, era, vault.token);
    try {
      const home = await callTool(client, 'note_read', { path: 'Home.md' });
      expect(home).toMatchObject({ path: 'Home.md', frontmatter: { tags: ['start'] }, body: '# Home\nSee [[Notes/Alpha]].\n' });
      const process = jest.spyOn(vault.app.vault, 'process');
      const written = await callTool(client, 'note_write', { path: 'Notes/Alpha.md', body: `# Alpha\nWritten by ${era}.\n`, if_match: (await callTool(client, 'note_read', { path: 'Notes/Alpha.md' })).etag });
      expect(written).toMatchObject({ path: 'Notes/Alpha.md', created: false });
      expect(process).toHaveBeenCalledWith(vault.app.vault.getFileByPath('Notes/Alpha.md'), expect.any(Function));
      process.mockRestore();
      expect(await fs.readFile(path.join(vault.root, 'Notes/Alpha.md'), 'utf8')).toBe(`# Alpha\nWritten by ${era}.\n`);
      const created = await callTool(client, 'note_write', { path: `New/${era}.md`, body: '# Fresh\n' });
      expect(created).toMatchObject({ created: true });
      expect(vault.app.vault.getFileByPath(`New/${era}.md`)).not.toBeNull();
    } finally {
      await client.close();
    }
    expect([...vault.app.commands.commands.keys()].sort()).toEqual(['indx:ai-build-moc', 'indx:ai-summarize-note', 'indx:copy-client-config', 'indx:rebuild-search-index', 'indx:show-server-status', 'indx:start-server', 'indx:stop-server']);
    expect(vault.app.setting.tabs).toHaveLength(1);
    expect(plugin).toBeInstanceOf(fake.Plugin);
  }

  function expectUnloaded(): void {
    expect(vault.app.commands.commands.size).toBe(0);
    expect(vault.app.setting.tabs).toHaveLength(0);
    expect(vault.app.statusBar.children).toHaveLength(0);
  }

  it('starts once the layout is ready, serves a real MCP client through the Obsidian adapter, and frees the port on unload', async () => {
    const IndxPlugin = loadBuiltPlugin(fake);
    const plugin = new IndxPlugin(vault.app, MANIFEST);
    loaded.push(plugin);
    await vault.app.enable(plugin);
    // Obsidian: plugins load before the layout; the server waits for it.
    await delay(50);
    expect(await findNothingListening(vault.port)).toBe(true);
    vault.app.workspace.setLayoutReady();
    await serveAndUse(plugin, 'legacy');
    vault.app.disable(plugin);
    expectUnloaded();
    await waitForRelease(vault);
  });

  it('does it again after a reload in the same process, the new instance starting right after the old one unloads', async () => {
    const resourcesBefore = lastingResources();
    const first = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    loaded.push(first);
    await vault.app.enable(first);
    await waitForServer(vault);
    // A reload: the app unloads the old code and evaluates main.js afresh, without waiting.
    vault.app.disable(first);
    const second = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    expect(second.constructor).not.toBe(first.constructor);
    loaded.push(second);
    await vault.app.enable(second);
    await serveAndUse(second, 'modern');
    vault.app.disable(second);
    expectUnloaded();
    await waitForRelease(vault);
    // No socket, server or timer of the plugin outlives it (the status interval, SSE keep-alives, lock refresh).
    await waitFor(() => noneAdded(resourcesBefore, lastingResources()), 3000).catch(() => {
      expect(lastingResources()).toEqual(resourcesBefore);
    });
    // A client socket of the test itself may still be closing on a loaded machine: give it time.
    const tcp = () => lastingResources().filter((kind) => kind.startsWith('TCP'));
    await waitFor(() => tcp().length === 0, 5000).catch(() => undefined);
    expect(tcp()).toEqual([]);
    expect(quiet.log).not.toHaveBeenCalled();
    expect(quiet.info).not.toHaveBeenCalled();
  });
});

/** Servers, sockets, timers and watchers alive now (file requests in flight come and go). */
function lastingResources(): string[] {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => !/^(FSReqCallback|FSReqPromise|FileHandle)/.test(kind))
    .sort();
}

/** True when `after` holds no resource kind more often than `before` (one still closing then may be gone now). */
function noneAdded(before: string[], after: string[]): boolean {
  const count = (list: string[], kind: string): number => list.filter((item) => item === kind).length;
  return after.every((kind) => count(after, kind) <= count(before, kind));
}

async function findNothingListening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/v1/status`);
    return false;
  } catch {
    return true;
  }
}
