import { setTimeout as delay } from 'node:timers/promises';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TokenStore } from '../../src/core/auth/token-store';
import { readVaultConfig, writeVaultConfig } from '../../src/core/config/vault-config';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { waitFor } from '../helpers/temp-vault';

/** Polls an asynchronous condition until it holds (5 s at most). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5000) throw new Error('condition not met within 5 s');
    await delay(10);
  }
}
import { componentOf, headingsIn, settingNamed, settingsIn } from './fake-app';
import * as fake from './fake/obsidian';
import { canListen, loadBuiltPlugin, MANIFEST, occupyPorts, preparePluginVault, waitForPortFree, waitForRelease, type PluginVault } from './plugin-harness';

const FILES = { 'Home.md': '# Home\nHello [[Notes/Alpha]].\n', 'Notes/Alpha.md': '# Alpha\nwords about search\n', 'Private/Diary.md': '# Dear diary\n' };

/** An AI key saved in data.json by a version of the app without secret storage (before 1.11.4). */
const OLD_KEY = 'sk-saved-before-secret-storage';

describe('the built plugin in the fake app: settings tab, commands, status bar', () => {
  let vault: PluginVault;
  let plugin: fake.Plugin;
  let releasePort: (() => Promise<void>) | null = null;

  const tab = (): fake.PluginSettingTab => vault.app.setting.tabs[0] as fake.PluginSettingTab;
  const statusBar = (): string => vault.app.statusBar.textContent;
  const notices = (): string[] => fake.shownNotices.map((notice) => notice.message);
  const storage = (): FileStorage => new FileStorage(vault.stateDir);
  // The app writes data.json in place: a read during a save may see it empty, so read again then.
  const readData = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const text = await fs.readFile(path.join(vault.pluginFolder, 'data.json'), 'utf8');
      if (text !== '') return JSON.parse(text) as Record<string, unknown>;
    }
  };

  /** Opens the tab and waits until the vault configuration and tokens are shown. */
  async function openTab(): Promise<fake.FakeElement> {
    vault.app.setting.open(tab());
    await waitFor(() => tab().containerEl.textContent.length > 0 && !tab().containerEl.textContent.includes('Loading…'));
    return tab().containerEl;
  }

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault(FILES, { ai: { api_key_fallback: OLD_KEY } });
    // Other programs hold the configured port and the nine after it (the whole fallback range) before the app starts.
    releasePort = await occupyPorts(vault.port, 10);
    fake.clearNotices();
    plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
  });

  afterAll(async () => {
    vault.app.disable(plugin);
    await releasePort?.();
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  // Obsidian 1.13 asks for the definitions when the tab is added (settings search), long before the user opens it.
  it('shows tokens as they are when the tab first opens, not as they were when the app indexed it', async () => {
    await waitFor(() => statusBar() === `indx: ports ${vault.port}–${vault.port + 9} in use`);
    const tokens = new TokenStore(storage());
    await tokens.create('made-by-cli', ['vault:read']);
    const container = await openTab();
    expect(settingNamed(container, 'made-by-cli').descEl.textContent).toMatch(/^vault:read; /);
    vault.app.setting.close();
    await tokens.revoke('made-by-cli');
  });

  // data.json is what sync services and backups copy: the key leaves it at load, not at the next edit.
  it('moves an AI key left in data.json into the secret storage at load', async () => {
    await eventually(async () => ((await readData()).ai as Record<string, unknown>).api_key_fallback === '');
    expect(vault.app.secretStorage?.getSecret('indx-ai-api-key')).toBe(OLD_KEY);
  });

  // Pitfall from peers: EADDRINUSE must become a clear notice, never an uncaught error; with the
  // whole fallback range taken there is no port left to take, and the message names the range.
  it('reports a taken port range with a notice, in the status bar, and as a hint next to the port setting', async () => {
    const last = vault.port + 9;
    await waitFor(() => statusBar() === `indx: ports ${vault.port}–${last} in use`);
    expect(notices()).toEqual([`Ports ${vault.port} to ${last} are all in use by other programs (or by indx in other vaults). Choose another port in the indx settings, then start the server again.`]);
    const container = await openTab();
    expect(settingNamed(container, 'Port').descEl.textContent).toBe(`Ports ${vault.port} to ${last} are all in use. Enter a free port (1024 to 65535), then restart the server.`);
  });

  it('starts on the port entered in the tab once the user restarts it', async () => {
    await releasePort?.();
    releasePort = null;
    const container = await openTab();
    componentOf(settingNamed(container, 'Port'), fake.TextComponent).input(String(vault.port));
    componentOf(settingNamed(container, 'Port'), fake.TextComponent).input('80');
    await waitFor(() => (plugin as unknown as { settingsStore: { current: { server: { port: number } } } }).settingsStore.current.server.port === vault.port);
    expect(await readData()).toMatchObject({ version: 1, server: { enabled: true, port: vault.port } });
    componentOf(settingNamed(container, 'Status'), fake.ButtonComponent).click();
    await waitFor(() => statusBar() === `indx: 127.0.0.1:${vault.port}`, 10_000);
    expect(settingNamed(tab().containerEl, 'Status').descEl.textContent).toContain(`http://127.0.0.1:${vault.port}/mcp`);
  });

  // The notice says "then start the server again": after a failed start, Start server tries again.
  it('starts again from the palette once a port of the range is free', async () => {
    expect(vault.app.commands.run('indx:stop-server')).toBe(true);
    await waitFor(() => statusBar() === 'indx: off', 10_000);
    await waitForPortFree(vault.port);
    releasePort = await occupyPorts(vault.port, 10);
    expect(vault.app.commands.run('indx:start-server')).toBe(true);
    await waitFor(() => statusBar() === `indx: ports ${vault.port}–${vault.port + 9} in use`, 10_000);
    await releasePort();
    releasePort = null;
    expect(vault.app.commands.run('indx:start-server')).toBe(true);
    await waitFor(() => statusBar() === `indx: 127.0.0.1:${vault.port}`, 10_000);
  });

  // Obsidian's guidelines: setHeading, sentence case, no "settings" and no plugin name in headings.
  it('draws the same sections from declarative definitions (1.13) and from display() (older apps)', async () => {
    const container = await openTab();
    const headings = headingsIn(container);
    expect(headings).toEqual(['Server', 'Access tokens', 'Clients', 'Vault access', 'Editor and commands', 'Search', 'AI provider']);
    for (const heading of headings) expect(heading).not.toMatch(/settings|indx|general/i);
    const rows = settingsIn(container).map((setting) => setting.nameEl.textContent);
    vault.app.setting.close();
    const restore = fake.setApiVersion('1.12.0');
    try {
      const old = await openTab();
      expect(settingsIn(old).map((setting) => setting.nameEl.textContent)).toEqual(rows);
    } finally {
      vault.app.setting.close();
      restore();
    }
  });

  it('creates a token with the chosen access, shows its secret once with a copy button, lists and revokes it', async () => {
    let container = await openTab();
    const row = settingNamed(container, 'New token');
    componentOf(row, fake.TextComponent).input('laptop-agent');
    componentOf(row, fake.DropdownComponent).input('read');
    componentOf(row, fake.ButtonComponent).click();
    await waitFor(() => tab().containerEl.textContent.includes('Token "laptop-agent" created'));
    container = tab().containerEl;
    const secret = componentOf(settingNamed(container, 'Token "laptop-agent" created'), fake.TextComponent).getValue();
    expect(await new TokenStore(storage()).verify(secret)).toEqual({ name: 'laptop-agent', scopes: ['vault:read'] });
    componentOf(settingNamed(container, 'Token "laptop-agent" created'), fake.ButtonComponent).click();
    await waitFor(() => fake.clipboardWrites.at(-1) === secret);
    expect(settingNamed(container, 'laptop-agent').descEl.textContent).toMatch(/^vault:read; created \d{4}-\d\d-\d\d \d\d:\d\d UTC; never used\.$/);
    // Closing the tab forgets the secret: it is never shown again.
    vault.app.setting.close();
    container = await openTab();
    expect(container.textContent).not.toContain(secret);
    componentOf(settingNamed(container, 'laptop-agent'), fake.ButtonComponent).click();
    await waitFor(() => !tab().containerEl.textContent.includes('laptop-agent'));
    expect(await new TokenStore(storage()).verify(secret)).toBeNull();
    vault.app.setting.close();
  });

  it('limits a new token to the chosen tool profile: core, or one named in the vault configuration', async () => {
    const before = await readVaultConfig(storage());
    await writeVaultConfig(storage(), { ...before, access: { ...before.access, tool_profiles: { research: ['vault_search', 'note_read'] } } });
    let container = await openTab();
    let row = settingNamed(container, 'New token');
    const profiles = componentOf(row, fake.DropdownComponent, 1);
    expect([...profiles.options.entries()]).toEqual([['full', 'All tools'], ['core', 'Core tools only'], ['research', 'Profile "research"']]);
    componentOf(row, fake.TextComponent).input('core-agent');
    profiles.input('core');
    componentOf(row, fake.ButtonComponent).click();
    await waitFor(() => tab().containerEl.textContent.includes('Token "core-agent" created'));
    const core = componentOf(settingNamed(tab().containerEl, 'Token "core-agent" created'), fake.TextComponent).getValue();
    expect((await new TokenStore(storage()).verify(core))?.tools).toEqual(['link_backlinks', 'note_exists', 'note_list', 'note_outline', 'note_patch', 'note_read', 'note_write', 'tag_list', 'tag_notes', 'vault_search']);
    expect(settingNamed(tab().containerEl, 'core-agent').descEl.textContent).toContain('; only link_backlinks, note_exists');
    container = tab().containerEl;
    row = settingNamed(container, 'New token');
    componentOf(row, fake.TextComponent).input('researcher');
    componentOf(row, fake.DropdownComponent, 1).input('research');
    componentOf(row, fake.ButtonComponent).click();
    await waitFor(() => tab().containerEl.textContent.includes('Token "researcher" created'));
    const research = componentOf(settingNamed(tab().containerEl, 'Token "researcher" created'), fake.TextComponent).getValue();
    expect(await new TokenStore(storage()).verify(research)).toMatchObject({ name: 'researcher', tools: ['note_read', 'vault_search'] });
    vault.app.setting.close();
    await writeVaultConfig(storage(), before);
  });

  it('copies the chosen client configuration with the token just created', async () => {
    const container = await openTab();
    const row = settingNamed(container, 'New token');
    componentOf(row, fake.TextComponent).input('cursor-token');
    componentOf(row, fake.ButtonComponent).click();
    await waitFor(() => tab().containerEl.textContent.includes('Token "cursor-token" created'));
    componentOf(settingNamed(tab().containerEl, 'Client'), fake.DropdownComponent).input('cursor');
    await waitFor(() => settingNamed(tab().containerEl, 'Client').descEl.textContent.includes('~/.cursor/mcp.json'));
    componentOf(settingNamed(tab().containerEl, 'Copy configuration'), fake.ButtonComponent).click();
    await waitFor(() => fake.clipboardWrites.at(-1)?.includes('mcpServers') === true);
    const config = JSON.parse(fake.clipboardWrites.at(-1) as string) as { mcpServers: { indx: { url: string; headers: { Authorization: string } } } };
    expect(config.mcpServers.indx.url).toBe(`http://127.0.0.1:${vault.port}/mcp`);
    const secret = config.mcpServers.indx.headers.Authorization.replace('Bearer ', '');
    expect(await new TokenStore(storage()).verify(secret)).toMatchObject({ name: 'cursor-token' });
    expect(await readData()).toMatchObject({ client: 'cursor' });
    vault.app.setting.close();
  });

  // Write access and path rules live in the vault configuration the headless server and the CLI read too.
  // Typing `**/Private/**` passes through `**`: applied at each keystroke, it would hide and re-show every note.
  it('edits write access at once and path rules on Save, in the shared vault configuration the running server applies', async () => {
    const read = (note: string): Promise<Response> => fetch(`http://127.0.0.1:${vault.port}/v1/notes/${note}`, { headers: { Authorization: `Bearer ${vault.token}` } });
    const access = async (): Promise<Record<string, unknown>> => (await readVaultConfig(storage())).access;
    expect((await read('Private/Diary.md')).status).toBe(200);
    const container = await openTab();
    componentOf(settingNamed(container, 'Allow writes'), fake.ToggleComponent).input(false);
    await eventually(async () => (await access()).write_enabled === false);
    const excluded = componentOf(settingNamed(container, 'Excluded paths'), fake.TextAreaComponent);
    let typed = '';
    for (const character of '**/Private/**\n\nJournal/*.md\n') excluded.input((typed += character));
    componentOf(settingNamed(container, 'Read-only paths'), fake.TextAreaComponent).input('Notes/**');
    await delay(200);
    expect(await access()).toEqual({ write_enabled: false, excluded_paths: [], read_only_paths: [], tool_profiles: {} });
    expect((await read('Home.md')).status).toBe(200);
    // A redraw (the server's state changed, or a refresh) keeps what was typed but not saved.
    componentOf(settingNamed(container, 'Index'), fake.ExtraButtonComponent).click();
    expect(componentOf(settingNamed(tab().containerEl, 'Read-only paths'), fake.TextAreaComponent).getValue()).toBe('Notes/**');
    componentOf(settingNamed(tab().containerEl, 'Excluded paths'), fake.ButtonComponent).click();
    componentOf(settingNamed(tab().containerEl, 'Read-only paths'), fake.ButtonComponent).click();
    await eventually(async () => (await readVaultConfig(storage())).access.read_only_paths.length === 1);
    expect(await access()).toEqual({ write_enabled: false, excluded_paths: ['**/Private/**', 'Journal/*.md'], read_only_paths: ['Notes/**'], tool_profiles: {} });
    expect((await read('Private/Diary.md')).status).toBe(404);
    componentOf(settingNamed(tab().containerEl, 'Allow writes'), fake.ToggleComponent).input(true);
    for (const name of ['Excluded paths', 'Read-only paths']) {
      componentOf(settingNamed(tab().containerEl, name), fake.TextAreaComponent).input('');
      componentOf(settingNamed(tab().containerEl, name), fake.ButtonComponent).click();
    }
    await eventually(async () => (await readVaultConfig(storage())).access.read_only_paths.length === 0);
    await eventually(async () => (await read('Private/Diary.md')).status === 200);
    vault.app.setting.close();
  });

  // One place for the AI runtime's settings: config.json, read by the headless server and the CLI too; the key never goes there.
  it('keeps the AI provider, models and limits in the vault configuration and the key in the secret storage, applying chat settings at once', async () => {
    const config = async (): Promise<Awaited<ReturnType<typeof readVaultConfig>>> => readVaultConfig(storage());
    const container = await openTab();
    expect(settingNamed(container, 'AI status').descEl.textContent).toBe('Off. Choose a provider and enter a chat model.');
    expect(vault.app.commands.isAvailable('indx:ai-build-moc')).toBe(false);
    componentOf(settingNamed(container, 'Provider'), fake.DropdownComponent).input('ollama');
    await waitFor(() => settingNamed(tab().containerEl, 'Base URL').descEl.textContent.includes('http://127.0.0.1:11434/v1'));
    const refreshed = tab().containerEl;
    componentOf(settingNamed(refreshed, 'Base URL'), fake.TextComponent).input('http://127.0.0.1:');
    componentOf(settingNamed(refreshed, 'Base URL'), fake.TextComponent).input('http://127.0.0.1:9/v1');
    componentOf(settingNamed(refreshed, 'Chat model'), fake.TextComponent).input('llama3.2');
    // Set right after the base URL: the embeddings block takes the address the edit before it saved.
    componentOf(settingNamed(refreshed, 'Embedding model'), fake.TextComponent).input('nomic-embed-text');
    const key = componentOf(settingNamed(refreshed, 'API key'), fake.TextComponent);
    expect(key.inputEl.type).toBe('password');
    key.input('sk-local');
    // The key is saved when the field is left, not on every keystroke.
    expect(vault.app.secretStorage?.getSecret('indx-ai-api-key')).not.toBe('sk-local');
    key.inputEl.dispatch('blur');
    // 1000 is typed through 1, 10 and 100, which the configuration refuses (at least 256): no notice for those.
    const inputCap = componentOf(settingNamed(refreshed, 'Input token cap'), fake.TextComponent);
    for (const typed of ['1', '10', '100', '1000']) inputCap.input(typed);
    componentOf(settingNamed(refreshed, 'Daily cost cap'), fake.TextComponent).input('1.5');
    componentOf(settingNamed(refreshed, 'Reuse results'), fake.ToggleComponent).input(false);
    const deny = settingNamed(refreshed, 'Paths AI never reads');
    componentOf(deny, fake.TextAreaComponent).input('Private/**\n');
    componentOf(deny, fake.ButtonComponent).click();
    await eventually(async () => (await config()).ai.deny_globs !== undefined);
    expect((await config()).ai).toEqual({ provider: 'ollama', base_url: 'http://127.0.0.1:9/v1', model: 'llama3.2', max_input_tokens: 1000, daily_cost_usd: 1.5, cache: { enabled: false }, deny_globs: ['Private/**'] });
    expect((await config()).search.embeddings).toEqual({ provider: 'ollama', base_url: 'http://127.0.0.1:9/v1', model: 'nomic-embed-text' });
    expect(notices()).not.toContainEqual(expect.stringMatching(/max_input_tokens/));
    expect(vault.app.secretStorage?.getSecret('indx-ai-api-key')).toBe('sk-local');
    const data = await readData();
    expect(Object.keys(data).sort()).toEqual(['ai', 'client', 'editor', 'server', 'version']);
    expect(data.ai).toEqual({ api_key_fallback: '' });
    expect(JSON.stringify(await config())).not.toContain('sk-local');
    // The running server applied the chat settings: the status says so and the AI commands show.
    componentOf(settingNamed(tab().containerEl, 'AI status'), fake.ExtraButtonComponent).click();
    expect(settingNamed(tab().containerEl, 'AI status').descEl.textContent).toBe('On: llama3.2 through Ollama (local).');
    expect(vault.app.commands.isAvailable('indx:ai-build-moc')).toBe(true);
    // None switches everything off, models included: a model without a provider would mean OpenAI.
    componentOf(settingNamed(tab().containerEl, 'Provider'), fake.DropdownComponent).input('none');
    await eventually(async () => (await config()).ai.model === undefined);
    expect((await config()).search.embeddings).toEqual({});
    await waitFor(() => settingNamed(tab().containerEl, 'Chat model').descEl.textContent === 'Choose a provider first.');
    expect(settingNamed(tab().containerEl, 'AI status').descEl.textContent).toBe('Off. Choose a provider and enter a chat model.');
    expect(vault.app.commands.isAvailable('indx:ai-build-moc')).toBe(false);
    vault.app.setting.close();
  });

  // Obsidian's guidelines: no default hotkeys; commands that do not apply are hidden.
  it('offers palette commands without hotkeys that stop, start, report, copy and rebuild', async () => {
    const commands = [...vault.app.commands.commands.values()];
    expect(commands.every((command) => command.hotkeys === undefined)).toBe(true);
    expect(vault.app.commands.isAvailable('indx:start-server')).toBe(false);
    fake.clearNotices();
    expect(vault.app.commands.run('indx:show-server-status')).toBe(true);
    expect(notices()[0]).toContain(`Serving this vault at http://127.0.0.1:${vault.port}`);
    vault.app.commands.run('indx:copy-client-config');
    await waitFor(() => fake.clipboardWrites.at(-1)?.includes('<TOKEN>') === true);
    vault.app.commands.run('indx:stop-server');
    await waitFor(() => statusBar() === 'indx: off');
    expect(await canListen(vault.port)).toBe(true);
    expect(await readData()).toMatchObject({ server: { enabled: false } });
    expect(vault.app.commands.isAvailable('indx:stop-server')).toBe(false);
    vault.app.commands.run('indx:start-server');
    await waitFor(() => statusBar() === `indx: 127.0.0.1:${vault.port}`, 10_000);
    vault.app.commands.run('indx:rebuild-search-index');
    await waitFor(() => notices().includes('Rebuilding the search index.'));
    await waitFor(() => statusBar() === `indx: 127.0.0.1:${vault.port}`, 10_000);
  });

  it('offers Restart only while "Run the server" is on: with it off, nothing starts', async () => {
    const container = await openTab();
    componentOf(settingNamed(container, 'Run the server'), fake.ToggleComponent).input(false);
    await waitFor(() => statusBar() === 'indx: off');
    const restart = componentOf(settingNamed(tab().containerEl, 'Status'), fake.ButtonComponent);
    expect(restart.disabled).toBe(true);
    // A click that reaches the button anyway (drawn before the switch changed) starts nothing either.
    restart.disabled = false;
    restart.click();
    await delay(200);
    expect(statusBar()).toBe('indx: off');
    expect(await canListen(vault.port)).toBe(true);
    componentOf(settingNamed(tab().containerEl, 'Run the server'), fake.ToggleComponent).input(true);
    await waitFor(() => statusBar() === `indx: 127.0.0.1:${vault.port}`, 10_000);
    expect(componentOf(settingNamed(tab().containerEl, 'Status'), fake.ButtonComponent).disabled).toBe(false);
    vault.app.setting.close();
  });
});
