import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TokenStore } from '../../src/core/auth/token-store';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { waitFor } from '../helpers/temp-vault';
import { componentOf, settingNamed, settingsIn } from './fake-app';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

// Issue 17: what only a plugin inside the editor can do, through the built main.js on the fake
// app (tests/obsidian/fake/FIDELITY.md: the workspace, editor and command palette it models), an
// MCP SDK client over HTTP and REST requests.

const FILES = {
  'Home.md': '# Home\nThe plan is set.\nSecond line here.\n',
  'Projects/Plan.md': '# Plan\nIntro.\n\n## Risks\nLate supplier.\n\nA block. ^risk-1\n',
  'Private/Diary.md': 'Dear diary.\n',
  'Notes/C# tips.md': 'Use spans.\n',
};

/** The commands other plugins registered before indx: one the user allows, one not, one that never applies. */
function addCommands(vault: PluginVault, ran: string[]): void {
  vault.app.commands.add({ id: 'tasks:toggle', name: 'Tasks: toggle done', callback: () => ran.push('tasks:toggle') });
  vault.app.commands.add({ id: 'app:delete-file', name: 'Delete current file', callback: () => ran.push('app:delete-file') });
  vault.app.commands.add({ id: 'editor:bold', name: 'Toggle bold', checkCallback: () => false });
}

interface Started {
  vault: PluginVault;
  plugin: fake.Plugin & { settingsStore: { update(change: (settings: Record<string, unknown>) => Record<string, unknown>): Promise<unknown> } };
  url: string;
  tokens: { admin: string; editor: string; reader: string };
  ran: string[];
}

async function start(settings: Record<string, unknown>): Promise<Started> {
  const vault = await preparePluginVault(FILES, settings);
  const ran: string[] = [];
  addCommands(vault, ran);
  const store = await TokenStore.load(new FileStorage(vault.stateDir));
  const tokens = {
    admin: (await store.create('admin', ['vault:admin'])).token,
    editor: (await store.create('editor', ['vault:read', 'app:editor'])).token,
    reader: vault.token,
  };
  const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST) as Started['plugin'];
  await vault.app.enable(plugin);
  vault.app.workspace.setLayoutReady();
  const record = await waitForServer(vault);
  return { vault, plugin, url: record.url, tokens, ran };
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'editor-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }));
}

function errorCode(result: CallToolResult): string | undefined {
  return (result._meta?.['indx/error'] as { code?: string } | undefined)?.code;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/** Polls an asynchronous condition until it holds (5 s at most). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const begun = Date.now();
  while (!(await check())) {
    if (Date.now() - begun > 5000) throw new Error('condition not met within 5 s');
    await delay(10);
  }
}

let started: Started | null = null;
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  if (started !== null) {
    started.vault.app.disable(started.plugin);
    await waitForRelease(started.vault);
    await started.vault.dispose();
  }
  started = null;
});

async function client(token: string): Promise<Client> {
  const connected = await connect((started as Started).url, token);
  clients.push(connected);
  return connected;
}

describe('the editor and commands through the built plugin', () => {
  it('workspace_active reports the active note, its selection, cursor, unsaved edits and open tabs', async () => {
    started = await start({ editor: { enabled: true, commands: [] } });
    const { vault } = started;
    const home = vault.app.vault.getFileByPath('Home.md');
    const plan = vault.app.vault.getFileByPath('Projects/Plan.md');
    if (home === null || plan === null) throw new Error('fixture missing');
    await vault.app.workspace.openInEditor(plan);
    const view = await vault.app.workspace.openInEditor(home);
    view.editor.setSelections([{ anchor: { line: 1, ch: 12 }, head: { line: 1, ch: 4 } }]);
    const editor = await client(started.tokens.editor);
    const result = await call(editor, 'workspace_active');
    expect(result.isError).toBeFalsy();
    const active = result.structuredContent as Record<string, unknown>;
    expect(active).toMatchObject({
      path: 'Home.md',
      unsaved: false,
      mode: 'source',
      cursor: { line: 1, ch: 4 },
      selections: [{ text: 'plan is ', from: { line: 1, ch: 4 }, to: { line: 1, ch: 12 } }],
      open: ['Projects/Plan.md', 'Home.md'],
    });
    // The etag is the one a write needs: note_read agrees.
    const read = await call(editor, 'note_read', { path: 'Home.md' });
    expect(active.etag).toBe((read.structuredContent as { etag: string }).etag);
    expect(textOf(result)).toContain('plan is ');
    view.editor.setValue('# Home\nEdited, not saved.\n');
    expect((await call(editor, 'workspace_active')).structuredContent).toMatchObject({ path: 'Home.md', unsaved: true });
    // REST twin.
    const rest = await fetch(`${started.url}/v1/workspace/active`, { headers: { Authorization: `Bearer ${started.tokens.editor}` } });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { data: { path: string } }).data.path).toBe('Home.md');
  });

  it('hides a note the access rules exclude, and keeps it out of the open tabs', async () => {
    started = await start({ editor: { enabled: true, commands: [] } });
    const { vault } = started;
    const admin = await client(started.tokens.admin);
    expect((await call(admin, 'vault_config_set', { config: { access: { excluded_paths: ['Private/**'] } } })).isError).toBeFalsy();
    await vault.app.workspace.openInEditor(vault.app.vault.getFileByPath('Home.md') as fake.TFile);
    const diary = await vault.app.workspace.openInEditor(vault.app.vault.getFileByPath('Private/Diary.md') as fake.TFile);
    diary.editor.setSelections([{ anchor: { line: 0, ch: 0 }, head: { line: 0, ch: 5 } }]);
    const active = (await call(admin, 'workspace_active')).structuredContent;
    expect(active).toMatchObject({ path: null, etag: null, selections: [], open: ['Home.md'] });
  });

  it('workspace_open opens a note at a heading, a block or a line, in this tab or a new one', async () => {
    started = await start({ editor: { enabled: true, commands: [] } });
    const { vault } = started;
    const editor = await client(started.tokens.editor);
    const opened = await call(editor, 'workspace_open', { path: 'Projects/Plan', heading: 'risks' });
    expect(opened.structuredContent).toEqual({ path: 'Projects/Plan.md', subpath: '#Risks', line: null, new_tab: false });
    // The file itself is opened (getLeaf + openFile), never a link the app could resolve elsewhere or create.
    expect(vault.app.workspace.opened).toEqual([]);
    expect(vault.app.workspace.openedFiles.at(-1)).toEqual({ path: 'Projects/Plan.md', openState: { active: true, eState: { subpath: '#Risks' } }, newTab: false });
    expect(vault.app.workspace.getActiveFile()?.path).toBe('Projects/Plan.md');
    await call(editor, 'workspace_open', { path: 'Projects/Plan.md', block: 'risk-1', new_tab: true });
    expect(vault.app.workspace.openedFiles.at(-1)).toEqual({ path: 'Projects/Plan.md', openState: { active: true, eState: { subpath: '#^risk-1' } }, newTab: true });
    expect(vault.app.workspace.leaves).toHaveLength(2);
    // A name with # in it is a file, not a link with a subpath.
    await call(editor, 'workspace_open', { path: 'Notes/C# tips.md' });
    expect(vault.app.workspace.getActiveFile()?.path).toBe('Notes/C# tips.md');
    expect(vault.app.vault.getFileByPath('Notes/C.md')).toBeNull();
    await call(editor, 'workspace_open', { path: 'Home.md', line: 2 });
    expect((await call(editor, 'workspace_active')).structuredContent).toMatchObject({ path: 'Home.md', cursor: { line: 2, ch: 0 } });
    const missing = await call(editor, 'workspace_open', { path: 'Projects/Plan.md', heading: 'Nope' });
    expect(errorCode(missing)).toBe('heading_not_found');
    expect(errorCode(await call(editor, 'workspace_open', { path: 'Nowhere.md' }))).toBe('not_found');
  });

  it('needs the app:editor scope (or admin); a reader is refused', async () => {
    started = await start({ editor: { enabled: true, commands: [] } });
    const reader = await client(started.tokens.reader);
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('workspace_active');
    expect(errorCode(await call(reader, 'workspace_active'))).toBe('forbidden');
    const admin = await client(started.tokens.admin);
    expect((await call(admin, 'workspace_active')).isError).toBeFalsy();
  });

  it('is off by default: editor_unavailable naming the setting, and no tools listed until the user switches it on', async () => {
    started = await start({});
    const editor = await client(started.tokens.editor);
    expect((await editor.listTools()).tools.map((tool) => tool.name)).not.toContain('workspace_active');
    const refused = await call(editor, 'workspace_active');
    expect(errorCode(refused)).toBe('editor_unavailable');
    expect(textOf(refused)).toContain('Let agents see and steer the editor');
    const rest = await fetch(`${started.url}/v1/workspace/active`, { headers: { Authorization: `Bearer ${started.tokens.editor}` } });
    expect(rest.status).toBe(503);
    await started.plugin.settingsStore.update((settings) => ({ ...settings, editor: { enabled: true, commands: [] } }));
    expect((await editor.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['workspace_active', 'workspace_open']));
    expect((await call(editor, 'workspace_active')).isError).toBeFalsy();
  });

  it('command_run runs an allowed command, refuses another naming the setting, and says when one does not apply', async () => {
    started = await start({ editor: { enabled: false, commands: ['tasks:toggle', 'editor:bold'] } });
    const admin = await client(started.tokens.admin);
    const listed = (await call(admin, 'command_list')).structuredContent as { commands: { id: string; allowed: boolean; available: boolean }[] };
    expect(listed.commands).toEqual([
      { id: 'tasks:toggle', name: 'Tasks: toggle done', allowed: true, available: true },
      { id: 'editor:bold', name: 'Toggle bold', allowed: true, available: false },
    ]);
    const all = (await call(admin, 'command_list', { all: true, query: 'delete' })).structuredContent as { commands: unknown[] };
    expect(all.commands).toEqual([{ id: 'app:delete-file', name: 'Delete current file', allowed: false, available: true }]);
    const ran = await call(admin, 'command_run', { id: 'tasks:toggle' });
    expect(ran.structuredContent).toEqual({ id: 'tasks:toggle', name: 'Tasks: toggle done', ran: true });
    const refused = await call(admin, 'command_run', { id: 'app:delete-file' });
    expect(errorCode(refused)).toBe('command_not_allowed');
    expect(textOf(refused)).toContain('Commands agents may run');
    expect(errorCode(await call(admin, 'command_run', { id: 'editor:bold' }))).toBe('conflict');
    expect(started.ran).toEqual(['tasks:toggle']);
    // REST twin, and the audit log names the command.
    const rest = await fetch(`${started.url}/v1/commands/tasks:toggle`, { method: 'POST', headers: { Authorization: `Bearer ${started.tokens.admin}` } });
    expect(rest.status).toBe(200);
    expect(started.ran).toEqual(['tasks:toggle', 'tasks:toggle']);
    const audit = await fs.readFile(path.join(started.vault.stateDir, 'audit.log'), 'utf8');
    expect(audit).toContain('"op":"command_run"');
    expect(audit).toContain('"command":"tasks:toggle"');
    // Writes switched off: a command may change the vault, so none runs.
    expect((await call(admin, 'vault_config_set', { config: { access: { write_enabled: false } } })).isError).toBeFalsy();
    const writesOff = await call(admin, 'command_run', { id: 'tasks:toggle' });
    expect(errorCode(writesOff)).toBe('forbidden');
    expect(textOf(writesOff)).toContain('write_enabled');
    expect(started.ran).toEqual(['tasks:toggle', 'tasks:toggle']);
    // The editor scope alone does not run commands.
    const editor = await client(started.tokens.editor);
    expect(errorCode(await call(editor, 'command_run', { id: 'tasks:toggle' }))).toBe('forbidden');
  });

  it('the settings tab switches the editor on and allows commands found with its search box', async () => {
    started = await start({});
    const { vault } = started;
    const tab = vault.app.setting.tabs.find((candidate) => candidate instanceof fake.PluginSettingTab);
    if (tab === undefined) throw new Error('no settings tab');
    vault.app.setting.open(tab);
    await waitFor(() => settingsIn(tab.containerEl).some((setting) => setting.nameEl.textContent === 'Let agents see and steer the editor'));
    componentOf(settingNamed(tab.containerEl, 'Let agents see and steer the editor'), fake.ToggleComponent).input(true);
    await waitFor(() => (started?.plugin.settingsStore as unknown as { current: { editor: { enabled: boolean } } }).current.editor.enabled);
    // Every command has a row; the search box shows those that match, without redrawing.
    const search = componentOf(settingNamed(tab.containerEl, 'Commands agents may run'), fake.TextComponent);
    search.input('tasks');
    const row = settingNamed(tab.containerEl, 'Tasks: toggle done');
    expect(row.settingEl.hasClass('indx-command-filtered')).toBe(false);
    expect(settingNamed(tab.containerEl, 'Delete current file').settingEl.hasClass('indx-command-filtered')).toBe(true);
    componentOf(row, fake.ToggleComponent).input(true);
    await waitFor(() => (started?.plugin.settingsStore as unknown as { current: { editor: { commands: string[] } } }).current.editor.commands.includes('tasks:toggle'));
    // saveData writes in place (FIDELITY A26): read it once the write is whole.
    const saved = async (): Promise<string> => fs.readFile(path.join(vault.pluginFolder, 'data.json'), 'utf8');
    await eventually(async () => (await saved()).includes('tasks:toggle') && (await saved()).trimEnd().endsWith('}'));
    expect((JSON.parse(await saved()) as { editor: unknown }).editor).toEqual({ enabled: true, commands: ['tasks:toggle'] });
    const admin = await client(started.tokens.admin);
    expect((await call(admin, 'command_run', { id: 'tasks:toggle' })).isError).toBeFalsy();
  });
});
