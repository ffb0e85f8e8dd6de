import { setTimeout as delay } from 'node:timers/promises';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { writeVaultConfig } from '../../src/core/config/vault-config';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { startFakeOpenAiServer, type FakeChatReply, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { waitFor } from '../helpers/temp-vault';
import { componentOf, settingNamed } from './fake-app';
import * as fake from './fake/obsidian';
import { canListen, discoveryFiles, loadBuiltPlugin, MANIFEST, occupyPorts, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

const FILES = {
  'Home.md': '# Home\nStart at [[Projects/Alpha]].\n',
  'Projects/Alpha.md': '---\ntags: [search]\n---\n# Alpha\nAlpha ranks notes with BM25.\n',
  'Projects/Beta.md': '# Beta\nBeta embeds notes for semantic search.\n',
  'Projects/Secret plan.md': '# Secret plan\nThe launch date is the 3rd of May.\n',
};

/** The key the test keeps in the app's secret storage. */
const API_KEY = 'sk-plugin-test';

/** The topic clusters the fake model answers for a MOC. */
const MOC_REPLY = { groups: [{ title: 'Search and ranking', paths: ['Projects/Alpha.md', 'Projects/Beta.md'] }] };

/** A summary of Projects/Alpha.md whose key point cites line 4 ("Alpha ranks notes with BM25."). */
const SUMMARY_REPLY = {
  tldr: 'Alpha is the lexical ranking project.',
  text: 'Alpha ranks notes with BM25.',
  key_points: [{ text: 'Ranking uses BM25', citations: [{ path: 'Projects/Alpha.md', anchor: null, line: 4, end_line: null, quote: null }] }],
  open_questions: [],
  citations: [{ path: 'Projects/Alpha.md', anchor: null, line: 4, end_line: null, quote: null }],
};

/** Answers MOC and summary requests by the schema they ask for; anything else fails loudly. */
function answer(body: { response_format?: { json_schema?: { name?: string } } }): FakeChatReply {
  const schema = body.response_format?.json_schema?.name;
  if (schema === 'map_of_content') return { json: MOC_REPLY };
  if (schema === 'summary') return { json: SUMMARY_REPLY };
  return { status: 400 };
}

/** Loads the built main.js into the vault's fake app and waits until its server listens. */
async function startPlugin(vault: PluginVault): Promise<fake.Plugin> {
  const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
  await vault.app.enable(plugin);
  vault.app.workspace.setLayoutReady();
  await waitForServer(vault);
  return plugin;
}

/** The modal on top once it is of `type`. */
async function topModal<T extends fake.Modal>(type: abstract new (...args: never[]) => T): Promise<T> {
  await waitFor(() => fake.openModals.at(-1) instanceof type);
  return fake.openModals.at(-1) as T;
}

/** The button labelled `label` inside `container`. */
function buttonLabelled(container: fake.FakeElement, label: string): fake.ButtonComponent {
  const button = container.descendants().find((element) => element.tagName === 'button' && element.textContent === label);
  if (button === undefined) throw new Error(`no button "${label}"`);
  return button.owner as fake.ButtonComponent;
}

/** The first element of class `cls` inside `container`. */
function elementOf(container: fake.FakeElement, cls: string): fake.FakeElement {
  const found = container.descendants().find((element) => element.hasClass(cls));
  if (found === undefined) throw new Error(`no element .${cls}`);
  return found;
}

/** The audit log's records (one JSON object a line). */
async function auditRecords(vault: PluginVault): Promise<Record<string, unknown>[]> {
  const text = await fs.readFile(path.join(vault.stateDir, 'audit.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Polls an asynchronous condition until it holds (5 s at most). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5000) throw new Error('condition not met within 5 s');
    await delay(10);
  }
}

const notices = (): string[] => fake.shownNotices.map((notice) => notice.message);

/** Runs "AI: summarize current note" on `notePath`, waits for the fake model's summary in the modal, and closes it. */
async function summarizeThroughPalette(vault: PluginVault, notePath: string): Promise<void> {
  vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath(notePath));
  expect(vault.app.commands.run('indx:ai-summarize-note')).toBe(true);
  const modal = await topModal(fake.Modal);
  expect(modal.titleEl.textContent).toBe(`Summary of ${notePath}`);
  await waitFor(() => modal.contentEl.textContent.includes(SUMMARY_REPLY.tldr));
  modal.close();
}

/** Runs "AI: build MOC" for `source` as the picker shows it, writes the map where the modal proposes (`target`), and gives the note's text. */
async function buildMocThroughPalette(vault: PluginVault, source: string, target: string): Promise<string> {
  expect(vault.app.commands.run('indx:ai-build-moc')).toBe(true);
  const picker = await topModal(fake.FuzzySuggestModal);
  await picker.type('');
  picker.choose(source);
  const modal = await topModal(fake.Modal);
  expect(settingNamed(modal.contentEl, 'Note').descEl.textContent).toBe(`Write creates ${target}.`);
  buttonLabelled(modal.contentEl, 'Write').click();
  await waitFor(() => !modal.isOpen);
  expect(notices()).toContain(`Wrote the map of content to ${target}.`);
  return fs.readFile(path.join(vault.root, target), 'utf8');
}

/** Closes what a test left open, disables the plugin, waits for its lock and removes the vault and the provider. */
async function stopAll(vault: PluginVault, plugin: fake.Plugin | null, openai: FakeOpenAiServer): Promise<void> {
  fake.openModals.slice().forEach((modal) => modal.close());
  if (plugin !== null) vault.app.disable(plugin);
  await waitForRelease(vault).catch(() => undefined);
  await vault.dispose();
  await openai.close();
  delete process.env.INDX_HOME;
}

describe('the built plugin with no AI provider configured', () => {
  let openai: FakeOpenAiServer;
  let vault: PluginVault;
  let plugin: fake.Plugin | null = null;

  beforeAll(async () => {
    fake.installAppGlobals();
    openai = await startFakeOpenAiServer();
    vault = await preparePluginVault(FILES);
    plugin = await startPlugin(vault);
  });

  afterAll(() => stopAll(vault, plugin, openai));

  // Seed 002 §2: AI features appear only once a provider is set up; Obsidian hides a command whose checkCallback says false.
  it('hides both AI commands from the palette, even with a note open, and sends nothing anywhere', () => {
    vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath('Projects/Alpha.md'));
    expect(vault.app.commands.commands.get('indx:ai-build-moc')?.name).toBe('indx: AI: build MOC');
    expect(vault.app.commands.commands.get('indx:ai-summarize-note')?.name).toBe('indx: AI: summarize current note');
    expect(vault.app.commands.isAvailable('indx:ai-build-moc')).toBe(false);
    expect(vault.app.commands.isAvailable('indx:ai-summarize-note')).toBe(false);
    expect(vault.app.commands.run('indx:ai-build-moc')).toBe(false);
    expect(vault.app.commands.run('indx:ai-summarize-note')).toBe(false);
    expect(fake.openModals).toEqual([]);
    expect(openai.requests).toEqual([]);
  });
});

describe("the built plugin's AI commands against a loopback OpenAI-compatible provider", () => {
  let openai: FakeOpenAiServer;
  let vault: PluginVault;
  let plugin: fake.Plugin | null = null;

  beforeAll(async () => {
    fake.installAppGlobals();
    openai = await startFakeOpenAiServer();
    openai.onChat(answer);
    vault = await preparePluginVault(FILES);
    // As the settings tab leaves it: the provider in config.json (no key there), the key in the secret storage.
    await writeVaultConfig(new FileStorage(vault.stateDir), { ai: { provider: 'openai-compatible', base_url: openai.url, model: 'test-model', deny_globs: ['**/Secret*'] } });
    vault.app.secretStorage?.setSecret('indx-ai-api-key', API_KEY);
    plugin = await startPlugin(vault);
    // The AI commands come with the engine, which opens before the server listens.
    await waitFor(() => vault.app.commands.isAvailable('indx:ai-build-moc'), 10_000);
  });

  afterAll(() => stopAll(vault, plugin, openai));

  beforeEach(() => fake.clearNotices());

  it('builds a map of content for a folder: pick it, preview it in the modal, write the note through the audited pipeline, open it', async () => {
    vault.app.workspace.setActiveFile(null);
    expect(vault.app.commands.isAvailable('indx:ai-summarize-note')).toBe(false);
    expect(vault.app.commands.run('indx:ai-build-moc')).toBe(true);
    const picker = await topModal(fake.FuzzySuggestModal);
    expect((await picker.type('')).map((match) => picker.getItemText(match.item))).toEqual(['/', 'Projects/', '#search']);
    await picker.type('proj');
    picker.choose('Projects/');
    const modal = await topModal(fake.Modal);
    expect(picker.isOpen).toBe(false);
    expect(modal.titleEl.textContent).toBe('Map of content for Projects/');
    expect(settingNamed(modal.contentEl, 'Note').descEl.textContent).toBe('Write creates Projects/MOC.md.');
    expect(componentOf(settingNamed(modal.contentEl, 'Group by'), fake.DropdownComponent).getValue()).toBe('topic');

    buttonLabelled(modal.contentEl, 'Preview').click();
    const preview = elementOf(modal.contentEl, 'indx-moc-preview');
    await waitFor(() => preview.textContent.includes('Search and ranking'));
    expect(fake.renderedMarkdown.at(-1)?.markdown).toContain('[[Alpha]]');
    expect(preview.descendants().filter((element) => element.hasClass('internal-link')).map((link) => link.getAttribute('data-href'))).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
    // The AI path filter: the note it denies is left out of the map and never reaches the provider.
    expect(elementOf(modal.contentEl, 'indx-ai-warnings').textContent).toBe('1 note was left out of the scope by the AI deny/allow globs; it was not sent to the model.');
    expect(JSON.stringify(openai.chatRequests())).not.toContain('launch date');
    expect(openai.chatRequests()).toHaveLength(1);
    expect(openai.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    buttonLabelled(modal.contentEl, 'Write').click();
    await waitFor(() => !modal.isOpen);
    const written = await fs.readFile(path.join(vault.root, 'Projects/MOC.md'), 'utf8');
    expect(written).toContain('Search and ranking');
    expect(written).toContain('[[Alpha]]');
    // Same input as the preview: the cache answers, the provider is not asked again.
    expect(openai.chatRequests()).toHaveLength(1);
    expect(notices()).toEqual(['Wrote the map of content to Projects/MOC.md.']);
    expect(vault.app.workspace.opened.at(-1)).toMatchObject({ linktext: 'Projects/MOC.md', file: vault.app.vault.getFileByPath('Projects/MOC.md') });
    expect(vault.app.workspace.getActiveFile()?.path).toBe('Projects/MOC.md');
    await eventually(async () => (await auditRecords(vault)).some((record) => record.path === 'Projects/MOC.md'));
    expect((await auditRecords(vault)).find((record) => record.path === 'Projects/MOC.md')).toMatchObject({ actor: 'obsidian', etag_before: null });
  });

  // A MOC written once is replaced on the next run, guarded by the ETag read just before. It lies
  // inside the folder it maps: preview and write both leave it out, so the write is the preview.
  it('replaces an existing map of content only as it was read (its ETag), and says so before writing', async () => {
    vault.app.commands.run('indx:ai-build-moc');
    const picker = await topModal(fake.FuzzySuggestModal);
    await picker.type('Projects');
    picker.choose('Projects/');
    const modal = await topModal(fake.Modal);
    expect(settingNamed(modal.contentEl, 'Note').descEl.textContent).toBe('Projects/MOC.md exists: Write replaces it.');
    componentOf(settingNamed(modal.contentEl, 'Title'), fake.TextComponent).input('Project index');
    const asked = openai.chatRequests().length;
    buttonLabelled(modal.contentEl, 'Preview').click();
    await waitFor(() => elementOf(modal.contentEl, 'indx-moc-preview').textContent.includes('Project index'));
    expect(openai.chatRequests()).toHaveLength(asked + 1);
    expect(JSON.stringify(openai.chatRequests().at(-1))).not.toContain('Projects/MOC.md');
    buttonLabelled(modal.contentEl, 'Write').click();
    await waitFor(() => !modal.isOpen);
    expect(await fs.readFile(path.join(vault.root, 'Projects/MOC.md'), 'utf8')).toContain('Project index');
    await eventually(async () => (await auditRecords(vault)).filter((record) => record.path === 'Projects/MOC.md').length === 2);
    const writes = (await auditRecords(vault)).filter((record) => record.path === 'Projects/MOC.md');
    expect(writes).toHaveLength(2);
    expect(writes[1]?.etag_before).toBe(writes[0]?.etag_after);
    expect(openai.chatRequests()).toHaveLength(asked + 1);
  });

  it('offers a tag too, writing its map of content to "MOC - <tag>.md" at the root', async () => {
    vault.app.commands.run('indx:ai-build-moc');
    const picker = await topModal(fake.FuzzySuggestModal);
    await picker.type('#sea');
    picker.choose('#search');
    const modal = await topModal(fake.Modal);
    expect(settingNamed(modal.contentEl, 'Note').descEl.textContent).toBe('Write creates MOC - search.md.');
    buttonLabelled(modal.contentEl, 'Write').click();
    await waitFor(() => !modal.isOpen);
    expect(await fs.readFile(path.join(vault.root, 'MOC - search.md'), 'utf8')).toContain('[[Alpha]]');
  });

  it('summarizes the active note in a modal: TL;DR, key points, and citations that open the cited line', async () => {
    vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath('Projects/Alpha.md'));
    expect(vault.app.commands.run('indx:ai-summarize-note')).toBe(true);
    const modal = await topModal(fake.Modal);
    expect(modal.titleEl.textContent).toBe('Summary of Projects/Alpha.md');
    await waitFor(() => modal.contentEl.textContent.includes('Alpha is the lexical ranking project.'));
    expect(elementOf(modal.contentEl, 'indx-summary-points').textContent).toBe('Ranking uses BM25');
    const link = elementOf(elementOf(modal.contentEl, 'indx-summary-sources'), 'internal-link');
    expect(link.textContent).toBe('Projects/Alpha.md, line 5');
    expect(link.dispatch('click')).toBe(true);
    expect(modal.isOpen).toBe(false);
    await waitFor(() => vault.app.workspace.opened.at(-1)?.linktext === 'Projects/Alpha.md');
    expect(vault.app.workspace.opened.at(-1)?.openViewState).toEqual({ eState: { line: 4 } });
    const request = openai.chatRequests().at(-1) as { messages: { content: unknown }[] };
    expect(JSON.stringify(request.messages)).toContain('Alpha ranks notes with BM25.');
  });

  // Seed 002 §9: provider failures are ai_provider_error; the plugin shows the message (house style: UI errors are notices).
  it('shows the failure as a notice and closes the modal when the provider fails', async () => {
    openai.onChat(() => ({ status: 500 }));
    try {
      vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath('Projects/Beta.md'));
      vault.app.commands.run('indx:ai-summarize-note');
      const modal = await topModal(fake.Modal);
      await waitFor(() => !modal.isOpen, 20_000);
      expect(notices()).toEqual([expect.stringContaining('answered HTTP 500')]);
    } finally {
      openai.onChat(answer);
    }
  });

  // The user walked away: no late notice, and the modal's request does not outlive it.
  it('cancels the summary request when the modal is closed while it runs, with no notice', async () => {
    openai.onChat(() => ({ delay_ms: 300, json: SUMMARY_REPLY }));
    try {
      vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath('Home.md'));
      const before = openai.chatRequests().length;
      vault.app.commands.run('indx:ai-summarize-note');
      const modal = await topModal(fake.Modal);
      expect(modal.contentEl.textContent).toBe('Summarizing…');
      await waitFor(() => openai.chatRequests().length > before);
      modal.close();
      await delay(600);
      expect(notices()).toEqual([]);
      // A late answer would have drawn the summary into the closed modal.
      expect(modal.contentEl.textContent).toBe('');
      expect(fake.openModals).toEqual([]);
    } finally {
      openai.onChat(answer);
    }
  });

  // The provider was switched off after the palette showed the command (the modal was already open).
  it('points to the settings when the provider is gone by the time the modal asks', async () => {
    const storage = new FileStorage(vault.stateDir);
    const controls = plugin as unknown as { vaultConfigChanged(): Promise<void> };
    vault.app.commands.run('indx:ai-build-moc');
    const picker = await topModal(fake.FuzzySuggestModal);
    await picker.type('');
    picker.choose('/');
    const modal = await topModal(fake.Modal);
    await writeVaultConfig(storage, {});
    await controls.vaultConfigChanged();
    try {
      buttonLabelled(modal.contentEl, 'Preview').click();
      await waitFor(() => notices().length > 0);
      expect(notices()).toEqual(['Configure an AI provider in indx settings.']);
      expect(modal.isOpen).toBe(true);
      modal.close();
    } finally {
      await writeVaultConfig(storage, { ai: { provider: 'openai-compatible', base_url: openai.url, model: 'test-model', deny_globs: ['**/Secret*'] } });
      await controls.vaultConfigChanged();
    }
  });

  // Stop server takes the HTTP surface away, not the engine: the palette still runs the same operations on it.
  it('keeps both AI commands running with the server stopped, on the engine and write lock it had, which a restart keeps too', async () => {
    const lockOwner = (): Promise<string> => fs.readFile(path.join(vault.stateDir, 'write.lock', 'owner.json'), 'utf8');
    const owner = await lockOwner();
    vault.app.commands.run('indx:stop-server');
    await waitFor(() => vault.app.statusBar.textContent === 'indx: off');
    expect(await canListen(vault.port)).toBe(true);
    expect(discoveryFiles(vault)).toEqual([]);
    // The summary comes from the AI cache (an earlier test asked for it); the map of the whole vault is new.
    const asked = openai.chatRequests().length;
    await summarizeThroughPalette(vault, 'Projects/Alpha.md');
    expect(await buildMocThroughPalette(vault, '/', 'MOC.md')).toContain('[[Alpha]]');
    expect(openai.chatRequests()).toHaveLength(asked + 1);
    await eventually(async () => (await auditRecords(vault)).some((record) => record.path === 'MOC.md'));
    expect((await auditRecords(vault)).find((record) => record.path === 'MOC.md')).toMatchObject({ actor: 'obsidian', etag_before: null });
    // The lock was neither released nor taken again (its owner record carries a nonce per acquisition).
    expect(await lockOwner()).toBe(owner);
    vault.app.commands.run('indx:start-server');
    await waitForServer(vault);
    await waitFor(() => vault.app.statusBar.textContent === `indx: 127.0.0.1:${vault.port}`);
    expect(await lockOwner()).toBe(owner);
  });
});

/** How a scenario keeps the server from running: what it does before the plugin loads, and what the status bar then says. */
interface NoServer {
  /** Prepares the vault; resolves with what undoes it at the end. */
  prepare(files: typeof FILES): Promise<{ vault: PluginVault; undo: () => Promise<void> }>;
  statusBar(vault: PluginVault): string;
}

const PORT_TAKEN: NoServer = {
  async prepare(files) {
    const vault = await preparePluginVault(files);
    // The configured port and the nine the plugin falls back to.
    return { vault, undo: await occupyPorts(vault.port, 10) };
  },
  statusBar: (vault) => `indx: ports ${vault.port}–${vault.port + 9} in use`,
};

const SERVER_OFF: NoServer = {
  async prepare(files) {
    // "Run the server" switched off in an earlier session: the server never starts.
    const vault = await preparePluginVault(files, { server: { enabled: false, port: null } });
    return { vault, undo: () => Promise.resolve() };
  },
  statusBar: () => 'indx: off',
};

describe.each([
  ['every port it may take is taken, so the server cannot start', PORT_TAKEN],
  ['"Run the server" is off, so the server never starts', SERVER_OFF],
])('the AI commands of the built plugin when %s', (_case, scenario) => {
  let openai: FakeOpenAiServer;
  let vault: PluginVault;
  let plugin: fake.Plugin | null = null;
  let undo: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    fake.installAppGlobals();
    openai = await startFakeOpenAiServer();
    openai.onChat(answer);
    ({ vault, undo } = await scenario.prepare(FILES));
    await writeVaultConfig(new FileStorage(vault.stateDir), { ai: { provider: 'openai-compatible', base_url: openai.url, model: 'test-model' } });
    vault.app.secretStorage?.setSecret('indx-ai-api-key', API_KEY);
    plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST);
    await vault.app.enable(plugin);
  });

  afterAll(async () => {
    await undo();
    await stopAll(vault, plugin, openai);
  });

  it('summarizes the active note and writes a map of content all the same once the layout is ready, asking the configured provider', async () => {
    // Obsidian loads plugins before the layout: the engine opens after it, as the server did.
    await delay(100);
    vault.app.workspace.setActiveFile(vault.app.vault.getFileByPath('Projects/Alpha.md'));
    expect(vault.app.commands.isAvailable('indx:ai-summarize-note')).toBe(false);
    vault.app.workspace.setLayoutReady();
    await waitFor(() => vault.app.commands.isAvailable('indx:ai-build-moc'), 10_000);
    expect(vault.app.statusBar.textContent).toBe(scenario.statusBar(vault));
    expect(discoveryFiles(vault)).toEqual([]);
    await summarizeThroughPalette(vault, 'Projects/Alpha.md');
    expect(await buildMocThroughPalette(vault, 'Projects/', 'Projects/MOC.md')).toContain('Search and ranking');
    expect(openai.chatRequests()).toHaveLength(2);
    expect(openai.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(vault.app.statusBar.textContent).toBe(scenario.statusBar(vault));
  });
});
