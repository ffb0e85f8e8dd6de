import * as path from 'node:path';
import { shell } from 'electron';
import { FileSystemAdapter, Notice, Plugin } from 'obsidian';
import type { AppCommand, AppPort } from '../../core/app/app-port';
import type { TokenStore } from '../../core/auth/token-store';
import type { ClientId } from '../../server/client-configs';
import { FileStorage, locateStateDir } from '../node/file-storage';
import { adoptLegacyState } from '../node/legacy-state';
import type { ApiKeyStore } from './api-key-store';
import type { PluginControls } from './plugin-controls';
import type { EngineState, PluginEngine } from './plugin-engine';
import type { PluginServer, ServerState } from './plugin-server';
import { findRuntimeProblem } from './runtime-check';
import type { SettingsStore } from './settings/settings-store';
import type { IndxSettingTab } from './settings/settings-tab';
import { describeServer, statusBarText } from './status-text';

/** The parts the plugin opens at layout-ready (plugin-parts.ts). */
type PluginParts = typeof import('./plugin-parts');

/** How often the status bar shows fresh indexing progress. */
const STATUS_INTERVAL_MS = 2000;

/**
 * The indx plugin: wiring only. Once the workspace layout is ready it opens the vault's engine
 * (which its own commands call directly) and serves it over MCP and REST on 127.0.0.1 while the
 * server is switched on; on unload it stops the server, then the engine, closing every
 * connection and timer.
 */
export default class IndxPlugin extends Plugin implements PluginControls {
  vaultPath = '';
  settingsStore!: SettingsStore;
  tokens!: TokenStore;
  private appPort: AppPort | null = null;
  storage!: FileStorage;
  engine!: PluginEngine;
  server!: PluginServer;
  apiKey!: ApiKeyStore;
  private tab: IndxSettingTab | null = null;
  /** Loaded at layout-ready, before anything that uses it is registered. */
  private parts!: PluginParts;
  private statusBar: HTMLElement | null = null;
  /** Set by unload: an `onload` still awaiting, or a layout-ready callback, must start nothing. */
  private unloaded = false;
  private lastStatus: ServerState['status'] = 'stopped';
  private lastEngineStatus: EngineState['status'] = 'closed';
  /** False until the settings are read at layout-ready (never when onload stopped early: no vault folder). */
  private settingsLoaded = false;

  override async onload(): Promise<void> {
    const problem = findRuntimeProblem(process.versions);
    const adapter = this.app.vault.adapter;
    if (problem !== null || !(adapter instanceof FileSystemAdapter)) {
      new Notice(problem ?? 'indx needs a vault folder on this computer.', 0);
      return;
    }
    this.vaultPath = adapter.getBasePath();
    const stateDir = await this.prepareStateDir();
    this.storage = new FileStorage(stateDir);
    if (this.unloaded) return;
    this.statusBar = this.addStatusBarItem();
    this.statusBar.addClass('indx-status-bar-item');
    this.showStatus();
    this.registerInterval(window.setInterval(() => this.showStatus(), STATUS_INTERVAL_MS));
    // Everything else waits for the layout, as Obsidian asks of plugins: settings, tokens, the
    // engine and server, the settings tab and the commands are evaluated and opened then.
    this.app.workspace.onLayoutReady(() => {
      // The layout may become ready after the plugin was disabled: nothing may outlive it.
      if (this.unloaded) return;
      void this.open(stateDir).catch((error: unknown) => {
        console.error('indx: could not start', error);
        new Notice(`indx could not start: ${error instanceof Error ? error.message : String(error)}`, 0);
      });
    });
  }

  /** Reads the settings, then opens the engine (and the server when it is switched on), and adds the tab and the commands. */
  private async open(stateDir: string): Promise<void> {
    const parts = await import('./plugin-parts');
    this.parts = parts;
    this.settingsStore = await parts.SettingsStore.load(this);
    this.settingsLoaded = true;
    if (this.unloaded) return;
    this.tokens = new parts.TokenStore(this.storage);
    this.apiKey = parts.createApiKeyStore(this.app, {
      read: () => this.settingsStore.current.ai.api_key_fallback,
      write: async (key) => {
        await this.settingsStore.update((settings) => ({ ...settings, ai: { ...settings.ai, api_key_fallback: key } }));
      },
    });
    // A key saved before the app had secret storage leaves data.json now, not at the next edit.
    void this.apiKey.migrate().catch((error: unknown) => console.warn('indx: could not move the API key into the secret storage', error));
    this.appPort = new parts.ObsidianAppPort(this.app, {
      current: () => ({ editorEnabled: this.settingsStore.current.editor.enabled, allowedCommands: this.settingsStore.current.editor.commands }),
      onChange: (listener) => this.settingsStore.onChange(listener),
    });
    this.engine = new parts.PluginEngine({
      app: this.app,
      stateDir,
      storage: this.storage,
      embeddings: async () => parts.resolvePluginEmbeddings((await parts.readVaultConfig(this.storage)).search.embeddings, this.apiKey.read()),
      fetch: parts.createRequestUrlFetch(),
      secretKey: () => this.apiKey.read(),
      appPort: this.appPort,
      onChange: () => this.onStateChange(),
      // Lost state files and crash recoveries change what agents see: say so where the user looks, and in the console.
      onWarning: (message) => {
        console.warn(message);
        new Notice(message, 20_000);
      },
    });
    this.server = new parts.PluginServer(this.engine, {
      app: this.app,
      vaultPath: this.vaultPath,
      tokens: this.tokens,
      port: () => this.configuredPort(),
      onChange: () => this.onStateChange(),
    });
    parts.registerCommands(this, this);
    parts.registerAiCommands(this, parts.createEngineAccess(this.engine));
    this.tab = new parts.IndxSettingTab(this.app, this, this);
    this.tab.addTo(this);
    this.showStatus();
    // Attached before the engine opens, so that its first open serves it (a start while the
    // engine waits for the lock would try the lock again at once).
    if (this.settingsStore.current.server.enabled) void this.server.start();
    // Opened whether or not the server runs: the AI commands call the engine directly.
    void this.engine.open();
  }

  /**
   * `state/` in the plugin's own folder, whatever its name (obsidian.d.ts, `PluginManifest.dir`:
   * "Vault path to the plugin folder in the config directory"); state kept in `<vault>/.indx` by a
   * headless `indx`, or by an earlier version installed under another folder name, moves there once.
   */
  private async prepareStateDir(): Promise<string> {
    const folder = this.manifest.dir;
    if (folder === undefined) return locateStateDir(this.vaultPath, this.app.vault.configDir);
    const stateDir = path.join(this.vaultPath, folder, 'state');
    const outcome = await adoptLegacyState(this.vaultPath, stateDir).catch((error: unknown) => {
      console.warn('indx: could not move the state folder', error);
      return { kind: 'none' } as const;
    });
    if (outcome.kind === 'moved') new Notice(`indx moved its tokens, settings and index from ${outcome.from} into its plugin folder.`, 10_000);
    if (outcome.kind !== 'in_use') return stateDir;
    new Notice(`indx: another indx process is using ${outcome.at}; the plugin uses it too until that process stops and the plugin reloads, then moves it into its own folder.`, 20_000);
    return outcome.at;
  }

  override onunload(): void {
    this.unloaded = true;
    // Obsidian does not wait for unload: the engine closes its server first (the listening socket
    // at once), then itself and the write lock.
    void this.engine?.close();
  }

  /**
   * Obsidian calls this when `data.json` changes on disk (Sync, another device), on any enabled
   * plugin: also on one whose `onload` stopped early (no vault folder, an unsupported runtime),
   * which has no settings to reload.
   */
  override async onExternalSettingsChange(): Promise<void> {
    if (!this.settingsLoaded) return;
    await this.settingsStore.reload();
  }

  async setServerEnabled(enabled: boolean): Promise<void> {
    await this.settingsStore.update((settings) => ({ ...settings, server: { ...settings.server, enabled } }));
    await (enabled ? this.server.start() : this.server.stop());
  }

  vaultConfigChanged(): Promise<void> {
    return this.engine.reloadConfig();
  }

  rebuildSearchIndex(): Promise<void> {
    this.notify(this.engine.state.status === 'open' ? 'Rebuilding the search index.' : 'The search index will be rebuilt once indx has opened this vault.');
    return this.engine.rebuildIndex();
  }

  async copyClientConfig(client: ClientId, token: string | null): Promise<void> {
    const { buildClientConfig, CLIENTS, isSnippetClient } = this.parts;
    if (!isSnippetClient(client)) return this.saveClaudeBundle();
    const state = this.server.state;
    const url = state.status === 'running' ? state.url : `http://127.0.0.1:${await this.configuredPort()}`;
    const label = CLIENTS.find((candidate) => candidate.id === client)?.label ?? client;
    const placeholder = token === null ? ' Replace <TOKEN> with a token from the indx settings.' : '';
    await this.copyText(buildClientConfig(client, { url, token }), `Copied the configuration for ${label}.${placeholder}`);
  }

  async saveClaudeBundle(): Promise<void> {
    try {
      // The relay's text and the zip writer are loaded when a bundle is saved, not with the plugin.
      const [{ saveClaudeBundle }, { default: relaySource }] = await Promise.all([import('./claude-bundle'), import('indx:relay-source')]);
      const saved = await saveClaudeBundle({ relaySource, version: this.manifest.version, vaultPath: this.vaultPath, shell });
      const next = saved.openError === '' ? 'Claude Desktop opens it and asks for an access token (create one under Access tokens).' : 'Open it with Claude Desktop (double-click it); it asks for an access token.';
      this.notify(`Saved the Claude Desktop extension to ${saved.file}. ${next}`);
    } catch (error: unknown) {
      console.error('indx: could not save the Claude Desktop extension', error);
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      this.notify(`Could not save the Claude Desktop extension in your Downloads (or home) folder (${code}). Check that the folder exists and that you may write there, or run "indx mcp bundle" in a terminal.`);
    }
  }

  async copyText(text: string, confirmation: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.notify(confirmation);
    } catch {
      this.notify('Could not reach the clipboard. Try again with the app window focused.');
    }
  }

  notify(message: string): void {
    new Notice(message);
  }

  appCommands(): AppCommand[] {
    return this.appPort?.listCommands() ?? [];
  }

  /** The plugin's port setting, else the vault configuration's (shared with the headless server). */
  private async configuredPort(): Promise<number> {
    const { readVaultConfig } = this.parts;
    return this.settingsStore.current.server.port ?? (await readVaultConfig(this.storage)).server.port;
  }

  /** The engine or the server changed: redraw, and say what went wrong where the user looks. */
  private onStateChange(): void {
    // What a server or engine still closing after unload reports has nowhere to go: no notice from a disabled plugin.
    if (this.unloaded) return;
    const state = this.server.state;
    const engine = this.engine.state;
    const previous = { server: this.lastStatus, engine: this.lastEngineStatus };
    this.lastStatus = state.status;
    this.lastEngineStatus = engine.status;
    this.showStatus();
    this.tab?.refreshIfOpen();
    // The server's state tells the engine's failure and wait while it is asked to run; with it
    // off, a failed engine is told on its own (the AI commands hide without it).
    if (state.status === 'failed' && previous.server !== 'failed') new Notice(state.message, 10_000);
    else if (engine.status === 'failed' && previous.engine !== 'failed') new Notice(engine.message, 10_000);
    if (state.status === 'waiting' && previous.server !== 'waiting') new Notice(describeServer(state), 10_000);
  }

  private showStatus(): void {
    // Until the layout is ready nothing is open yet: the server is on its way.
    const state: ServerState = this.server?.state ?? { status: 'starting' };
    this.statusBar?.setText(statusBarText(state, this.engine?.searchStatus() ?? null));
  }
}
