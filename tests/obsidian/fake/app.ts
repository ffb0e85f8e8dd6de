import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { requireApiVersion } from './api-version';
import { FakeElement } from './fake-element';
import { FileManager, type TrashOption } from './file-manager';
import { MetadataCache } from './metadata-cache';
import type { Command, Plugin, PluginManifest } from './plugin';
import { drawTab, renderTab, type SettingTab, type TabHost } from './setting-tab';
import { Vault } from './vault';
import { Workspace } from './workspace';

/** Obsidian's `SecretStorage`, on the app from 1.11.4 (obsidian.d.ts SecretStorage: "@since 1.11.4"). */
export class SecretStorage {
  private readonly secrets = new Map<string, string>();

  /** obsidian.d.ts SecretStorage.setSecret: "Lowercase alphanumeric ID with optional dashes" and "Error if ID is invalid" */
  setSecret(id: string, secret: string): void {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`Invalid secret id "${id}"`);
    this.secrets.set(id, secret);
  }

  /** obsidian.d.ts SecretStorage.getSecret: "The secret value or null if not found" */
  getSecret(id: string): string | null {
    return this.secrets.get(id) ?? null;
  }

  /** obsidian.d.ts SecretStorage.listSecrets: "Array of secret IDs" */
  listSecrets(): string[] {
    return [...this.secrets.keys()];
  }
}

/** The command palette: commands by full id; `run` behaves like choosing one. */
export class Commands {
  readonly commands = new Map<string, Command>();

  add(command: Command): void {
    this.commands.set(command.id, command);
  }

  remove(id: string): void {
    this.commands.delete(id);
  }

  /**
   * True when the palette would offer the command now: obsidian.d.ts Command.checkCallback:
   * "Returning false or undefined causes the command to be hidden from the command palette."
   */
  isAvailable(id: string): boolean {
    const command = this.commands.get(id);
    if (command === undefined) return false;
    return command.checkCallback === undefined || command.checkCallback(true) === true;
  }

  /**
   * The palette's private API (not in obsidian.d.ts; ASSUMED [A42]: as the community typings
   * declare it and plugins call it): every command, one by id, and running one by id, which
   * answers false when it is missing or does not apply.
   */
  listCommands(): Command[] {
    return [...this.commands.values()];
  }

  findCommand(id: string): Command | undefined {
    return this.commands.get(id);
  }

  executeCommandById(id: string): boolean {
    return this.run(id);
  }

  /**
   * Runs the command as the palette does; false when it is missing or does not apply.
   * obsidian.d.ts Command.checkCallback: "Complex callback, overrides the simple callback." and
   * "If checking is false, then this function should perform the action."
   */
  run(id: string): boolean {
    const command = this.commands.get(id);
    if (command === undefined || !this.isAvailable(id)) return false;
    if (command.checkCallback !== undefined) command.checkCallback(false);
    else void command.callback?.();
    return true;
  }
}

/**
 * The settings window: plugin tabs, one shown at a time. From 1.13 on, adding a tab calls its
 * `update()` at once (so `getSettingDefinitions()`), to index it for settings search, long
 * before the user opens it: obsidian.d.ts SettingTab.update: "Called by addSettingTab() and by
 * dynamic tabs when their data changes."
 */
export class SettingsWindow implements TabHost {
  readonly tabs: SettingTab[] = [];
  active: SettingTab | null = null;

  addTab(tab: SettingTab): void {
    this.tabs.push(tab);
    if (requireApiVersion('1.13.0')) tab.update();
  }

  removeTab(tab: SettingTab): void {
    if (this.active === tab) this.close();
    this.tabs.splice(this.tabs.indexOf(tab), 1);
  }

  /** Opens `tab` (closing the one shown) and draws it. */
  open(tab: SettingTab): void {
    this.close();
    this.active = tab;
    tab.shownBy = this;
    drawTab(tab);
  }

  /**
   * Closes the window: the shown tab hears `hide()` (obsidian.d.ts SettingTab.hide: "Hides the
   * contents of the setting tab."), then is emptied (ASSUMED, docs silent).
   */
  close(): void {
    const tab = this.active;
    if (tab === null) return;
    this.active = null;
    tab.shownBy = null;
    tab.hide();
    tab.containerEl.empty();
  }

  redraw(tab: SettingTab): void {
    if (this.active === tab) renderTab(tab);
  }
}

/** Options of {@link App.open}. */
export interface AppOptions {
  configDir?: string;
  /** How long the metadata cache takes to index a changed note (default 5 ms). */
  metadataDelayMs?: number;
  trashOption?: TrashOption;
}

/**
 * Obsidian's `App` over a real vault folder: vault, metadata cache, file manager, workspace,
 * secret storage (only when the played app version has one), command palette, settings window,
 * status bar, and the plugin manager that loads and unloads plugins as the app does.
 */
export class App {
  readonly workspace: Workspace;
  readonly commands = new Commands();
  readonly setting = new SettingsWindow();
  readonly statusBar = new FakeElement('div');
  readonly secretStorage: SecretStorage | undefined;
  readonly fileManager: FileManager;
  /** The vault's `localStorage` entries, as the JSON text the browser's storage keeps. */
  private readonly localStorage = new Map<string, string>();

  private constructor(
    private readonly host: NodeVaultHost,
    readonly vault: Vault,
    readonly metadataCache: MetadataCache,
    options: AppOptions,
  ) {
    // The vault's first load ends before the layout is ready: its `create` events, then the
    // cache's first `resolved` (obsidian.d.ts MetadataCache.on('resolved'): "This will be fired
    // each time files get modified after the initial load"; the initial load resolves too).
    const finishStartup = (): void => {
      vault.finishLoading();
      metadataCache.trigger('resolved');
    };
    this.workspace = new Workspace({ resolveLink: (linkpath, sourcePath) => metadataCache.getFirstLinkpathDest(linkpath, sourcePath), read: (file) => vault.read(file) }, finishStartup);
    this.fileManager = new FileManager(vault, options.trashOption);
    this.secretStorage = requireApiVersion('1.11.4') ? new SecretStorage() : undefined;
  }

  /**
   * Opens the vault folder at `root` (the layout is not ready yet: call `workspace.setLayoutReady()`,
   * which also ends the vault's first load).
   */
  static async open(root: string, options: AppOptions = {}): Promise<App> {
    const host = await NodeVaultHost.open(root);
    const vault = new Vault(host, options.configDir ?? '.obsidian');
    return new App(host, vault, new MetadataCache(vault, host, options.metadataDelayMs ?? 5), options);
  }

  /**
   * Installs a plugin's folder (`<configDir>/plugins/<id>/` with its manifest), as the community
   * list does; `folderName` installs it under another name, as a manual copy or a beta manager may.
   */
  async install(manifest: PluginManifest, folderName = manifest.id): Promise<string> {
    const folder = path.join(this.vault.adapter.getBasePath(), this.vault.configDir, 'plugins', folderName);
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return folder;
  }

  /** Enables a plugin: `load()`, waiting for an async `onload` (ASSUMED, docs silent: the app does). */
  async enable(plugin: Plugin): Promise<void> {
    plugin.load();
    await plugin.loading;
  }

  /** Disables a plugin: `unload()`; ASSUMED (docs silent): the app waits for nothing it started. */
  disable(plugin: Plugin): void {
    plugin.unload();
  }

  /** obsidian.d.ts App.loadLocalStorage: "Retrieve value from `localStorage` for this vault." A copy: the stored text, parsed. */
  loadLocalStorage(key: string): unknown {
    const text = this.localStorage.get(key);
    return text === undefined ? null : (JSON.parse(text) as unknown);
  }

  /**
   * obsidian.d.ts App.saveLocalStorage: "If data is `null`, the entry will be cleared." and "Must
   * be serializable.": the value is kept as JSON, so later changes to the object saved do not
   * reach what a load returns. ASSUMED: `undefined`, which JSON cannot hold, clears it too.
   */
  saveLocalStorage(key: string, data: unknown): void {
    const text = data === null ? undefined : (JSON.stringify(data) as string | undefined);
    if (text === undefined) this.localStorage.delete(key);
    else this.localStorage.set(key, text);
  }

  /** Closes the vault (pending indexing stops). */
  async close(): Promise<void> {
    this.setting.close();
    this.metadataCache.close();
    await this.host.close();
  }
}
