import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import { CLIENTS, TOKEN_PLACEHOLDER } from '../../src/server/client-configs';
import type { HttpClient } from '../../src/server/clients/client-entries';
import { waitFor } from '../helpers/temp-vault';
import { claudeDesktopLaunch, connectToLaunch, listFiles, runMcpb, type LaunchConfig } from '../cli/mcpb-harness';
import { componentOf, settingNamed } from './fake-app';
import * as electron from './fake/electron';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';
import { endpointFrom, listToolsAt } from './snippet-endpoints';

const FILES = { 'Home.md': '# Home\nSee [[Notes/Alpha]].\n', 'Notes/Alpha.md': '# Alpha\nwords\n' };
const SNIPPET_CLIENTS: HttpClient[] = ['claude-code', 'cursor', 'codex', 'vscode', 'http'];
const RELAY = resolve(__dirname, '../../packages/indx-mcp/dist/relay.js');

/**
 * The worker process's own environment. Jest gives each test file a copy of `process.env`, but
 * os.homedir() reads HOME from the process's real environment (libuv), which only this object
 * changes: vm.runInThisContext evaluates in Node's main context, outside the test's sandbox.
 */
const workerEnvironment = (runInThisContext('process') as NodeJS.Process).env;

/** Sets HOME (for os.homedir(), in the sandbox and the worker) until the returned function restores it. */
function useHome(home: string): () => void {
  const before = { worker: workerEnvironment.HOME, sandbox: process.env.HOME };
  workerEnvironment.HOME = home;
  process.env.HOME = home;
  return () => {
    for (const [environment, value] of [[workerEnvironment, before.worker], [process.env, before.sandbox]] as const) {
      if (value === undefined) delete environment.HOME;
      else environment.HOME = value;
    }
  };
}

describe('the built plugin\'s client configuration, used the way each client uses it', () => {
  let vault: PluginVault;
  let plugin: fake.Plugin;
  let home: string;
  let restoreHome: () => void = () => undefined;

  const tab = (): fake.PluginSettingTab => vault.app.setting.tabs[0] as fake.PluginSettingTab;
  const notices = (): string[] => fake.shownNotices.map((notice) => notice.message);
  const destination = (client: string): string => CLIENTS.find((description) => description.id === client)?.destination ?? '';

  async function openTab(): Promise<void> {
    vault.app.setting.open(tab());
    await waitFor(() => tab().containerEl.textContent.length > 0 && !tab().containerEl.textContent.includes('Loading…'));
  }

  /** Chooses `client` in the open tab and waits until the tab shows where its configuration goes. */
  async function chooseClient(client: string): Promise<void> {
    componentOf(settingNamed(tab().containerEl, 'Client'), fake.DropdownComponent).input(client);
    await waitFor(() => settingNamed(tab().containerEl, 'Client').descEl.textContent === `Where it goes: ${destination(client)}.`);
  }

  /** Creates a token in the open tab and returns the secret it shows once. */
  async function createTokenInTab(name: string): Promise<string> {
    const row = settingNamed(tab().containerEl, 'New token');
    componentOf(row, fake.TextComponent).input(name);
    componentOf(row, fake.ButtonComponent).click();
    await waitFor(() => tab().containerEl.textContent.includes(`Token "${name}" created`));
    return componentOf(settingNamed(tab().containerEl, `Token "${name}" created`), fake.TextComponent).getValue();
  }

  /** Runs `copy` and resolves with what it put on the clipboard. */
  async function clipboardAfter(copy: () => void): Promise<string> {
    const before = fake.clipboardWrites.length;
    copy();
    await waitFor(() => fake.clipboardWrites.length > before);
    return fake.clipboardWrites.at(-1) ?? '';
  }

  /** Presses "Save and open" for Claude Desktop and resolves with the notice that follows. */
  async function saveBundleFromTab(): Promise<string> {
    await openTab();
    await chooseClient('claude-desktop');
    fake.clearNotices();
    componentOf(settingNamed(tab().containerEl, 'Claude Desktop extension'), fake.ButtonComponent).click();
    await waitFor(() => notices().length > 0);
    vault.app.setting.close();
    return notices()[0] ?? '';
  }

  beforeAll(async () => {
    fake.installAppGlobals();
    // The bundle goes to ~/Downloads (os.homedir()): a temp home, never the real one.
    home = await mkdtemp(join(tmpdir(), 'indx-user-home-'));
    restoreHome = useHome(home);
    if (homedir() !== home) throw new Error(`os.homedir() is ${homedir()}, not the temp home: the test would write into a real home`);
    vault = await preparePluginVault(FILES);
    plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    await waitForServer(vault);
  });

  beforeEach(() => electron.resetShell());

  afterAll(async () => {
    vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
    restoreHome();
    await rm(home, { recursive: true, force: true });
    electron.resetShell();
  });

  describe.each(SNIPPET_CLIENTS)('%s', (client) => {
    const label = (): string => CLIENTS.find((description) => description.id === client)?.label ?? '';

    it('copies, with a token just created in the tab, an entry that connects to the running server and lists its tools', async () => {
      await openTab();
      const secret = await createTokenInTab(`${client}-agent`);
      await chooseClient(client);
      fake.clearNotices();
      const snippet = await clipboardAfter(() => componentOf(settingNamed(tab().containerEl, 'Copy configuration'), fake.ButtonComponent).click());
      vault.app.setting.close();
      expect(notices()).toEqual([`Copied the configuration for ${label()}.`]);
      const endpoint = endpointFrom(client, snippet);
      expect(endpoint).toEqual({ url: `http://127.0.0.1:${vault.port}/mcp`, headers: { Authorization: `Bearer ${secret}` } });
      expect(await listToolsAt(endpoint)).toEqual(expect.arrayContaining(['note_read', 'vault_search']));
    });

    it('copies from the command palette an entry with <TOKEN>, which connects once the placeholder is replaced', async () => {
      await openTab();
      await chooseClient(client);
      vault.app.setting.close();
      fake.clearNotices();
      const snippet = await clipboardAfter(() => expect(vault.app.commands.run('indx:copy-client-config')).toBe(true));
      expect(notices()).toEqual([`Copied the configuration for ${label()}. Replace <TOKEN> with a token from the indx settings.`]);
      const unreplaced = endpointFrom(client, snippet);
      expect(unreplaced.headers).toEqual({ Authorization: `Bearer ${TOKEN_PLACEHOLDER}` });
      // As copied, the server refuses it: the placeholder is no token.
      await expect(listToolsAt(unreplaced)).rejects.toThrow(/401|nauthori[sz]ed/i);
      const endpoint = endpointFrom(client, snippet.split(TOKEN_PLACEHOLDER).join(vault.token));
      expect(endpoint.url).toBe(`http://127.0.0.1:${vault.port}/mcp`);
      expect(await listToolsAt(endpoint)).toContain('note_read');
    });
  });

  describe('Claude Desktop', () => {
    const downloads = (): string => join(home, 'Downloads');

    it('saves the extension to ~/Downloads and opens it: a bundle the mcpb tool validates, which reaches this vault\'s server', async () => {
      await mkdir(downloads(), { recursive: true });
      const notice = await saveBundleFromTab();
      const saved = await readdir(downloads());
      expect(saved).toHaveLength(1);
      const file = join(downloads(), saved[0] ?? '');
      expect(basename(file)).toMatch(/^indx-[a-z0-9-]+\.mcpb$/);
      expect(notice).toBe(`Saved the Claude Desktop extension to ${file}. Claude Desktop opens it and asks for an access token (create one under Access tokens).`);
      expect(electron.shellCalls).toEqual([{ method: 'openPath', path: file }]);
      expect((await stat(file)).mode & 0o777).toBe(0o644);
      const bytes = await readFile(file);
      expect(bytes.toString('latin1')).not.toContain(vault.token);
      // Unpacked and validated by the official tool, as Claude Desktop reads it.
      const unpacked = join(home, 'unpacked');
      expect(await runMcpb(['unpack', file, unpacked])).toMatchObject({ code: 0 });
      expect(await runMcpb(['validate', unpacked])).toMatchObject({ code: 0, stdout: expect.stringContaining('Manifest schema validation passes!') as unknown });
      expect(await listFiles(unpacked)).toEqual(['manifest.json', 'server/relay.js']);
      expect(await readFile(join(unpacked, 'server/relay.js'), 'utf8')).toBe(await readFile(RELAY, 'utf8'));
      const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8')) as { version: string; user_config: { vault: { default: string } } };
      expect(manifest.version).toBe(MANIFEST.version);
      expect(manifest.user_config.vault.default).toBe(vault.root);
      // Installed with a token of this vault (the vault setting left at its default), it reaches the plugin's server.
      const launch = await claudeDesktopLaunch(unpacked, { token: vault.token }, home);
      expect(launch?.args).toEqual([join(unpacked, 'server/relay.js'), '--vault', vault.root]);
      const { client } = await connectToLaunch(launch as LaunchConfig, { HOME: home, INDX_HOME: vault.indxHome });
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('note_read');
        const read = await client.callTool({ name: 'note_read', arguments: { path: 'Home.md' } });
        expect(read.structuredContent).toMatchObject({ path: 'Home.md', body: FILES['Home.md'] });
      } finally {
        await client.close();
        await rm(unpacked, { recursive: true, force: true });
      }
    });

    it('shows the file in the file manager when nothing opens .mcpb files (the palette command does the same as the button)', async () => {
      await mkdir(downloads(), { recursive: true });
      electron.failOpenPath('No application is registered for this file type');
      await openTab();
      await chooseClient('claude-desktop');
      vault.app.setting.close();
      fake.clearNotices();
      expect(vault.app.commands.run('indx:copy-client-config')).toBe(true);
      await waitFor(() => notices().length > 0);
      const file = electron.shellCalls[0]?.path ?? '';
      expect(dirname(file)).toBe(downloads());
      expect(electron.shellCalls).toEqual([
        { method: 'openPath', path: file },
        { method: 'showItemInFolder', path: file },
      ]);
      expect(notices()).toEqual([`Saved the Claude Desktop extension to ${file}. Open it with Claude Desktop (double-click it); it asks for an access token.`]);
      expect((await stat(file)).isFile()).toBe(true);
    });

    it('saves into the home folder when there is no Downloads folder', async () => {
      await rm(downloads(), { recursive: true, force: true });
      const notice = await saveBundleFromTab();
      const file = electron.shellCalls[0]?.path ?? '';
      expect(dirname(file)).toBe(home);
      expect(basename(file)).toMatch(/^indx-[a-z0-9-]+\.mcpb$/);
      expect(notice).toBe(`Saved the Claude Desktop extension to ${file}. Claude Desktop opens it and asks for an access token (create one under Access tokens).`);
      expect(electron.shellCalls).toEqual([{ method: 'openPath', path: file }]);
      expect((await stat(file)).isFile()).toBe(true);
      await rm(file);
    });

    it('says so in a notice, opening nothing, when the file cannot be written', async () => {
      // "Downloads" is a file here: the bundle cannot go into it.
      await rm(downloads(), { recursive: true, force: true });
      await writeFile(downloads(), 'not a folder');
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const notice = await saveBundleFromTab();
        expect(notice).toMatch(/^Could not save the Claude Desktop extension in your Downloads \(or home\) folder \(ENOTDIR\)\. .*"indx mcp bundle"/);
        expect(notice).not.toContain('indx-tmp');
        // The error comes from Node's realm, not the test's: matched by its code, not `instanceof Error`.
        expect(logged).toHaveBeenCalledWith('indx: could not save the Claude Desktop extension', expect.objectContaining({ code: 'ENOTDIR' }));
      } finally {
        logged.mockRestore();
        await rm(downloads(), { force: true });
      }
      expect(electron.shellCalls).toEqual([]);
    });
  });
});
