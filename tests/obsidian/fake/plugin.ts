import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { EventRef } from './events';
import type { FakeElement, FakeEvent } from './fake-element';
import type { SettingTab } from './setting-tab';

/** Obsidian's `PluginManifest` (the fields the fake uses). */
export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  minAppVersion: string;
  dir?: string;
}

/** Obsidian's `Command` (the fields the fake uses). */
export interface Command {
  id: string;
  name: string;
  callback?: () => unknown;
  checkCallback?: (checking: boolean) => boolean | void;
  hotkeys?: unknown[];
}

/** What a plugin reaches of the app through `Plugin`'s helpers. */
export interface PluginAppSurface {
  vault: { configDir: string; adapter: { getBasePath(): string } };
  commands: { add(command: Command): void; remove(id: string): void };
  setting: { addTab(tab: SettingTab): void; removeTab(tab: SettingTab): void };
  statusBar: FakeElement;
}

/**
 * Obsidian's `Component`: `load()` runs `onload()` once, then loads its children; `unload()`
 * unloads its children, runs every registered cleanup (in registration order), then runs
 * `onunload()` (that order is ASSUMED: the docs are silent).
 */
export class Component {
  private loaded = false;
  private readonly cleanups: (() => unknown)[] = [];
  private readonly children: Component[] = [];
  /** What `onload()` returned, for the app to wait on (a plugin's `onload` may be async). */
  loading: Promise<unknown> = Promise.resolve();

  /** obsidian.d.ts Component.load: "Load this component and its children" */
  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.loading = Promise.resolve(this.onload());
    for (const child of this.children) child.load();
  }

  onload(): unknown {
    return undefined;
  }

  /** obsidian.d.ts Component.unload: "Unload this component and its children" */
  unload(): void {
    if (!this.loaded) return;
    this.loaded = false;
    for (const child of this.children.splice(0)) child.unload();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.onunload();
  }

  onunload(): void {}

  /** obsidian.d.ts Component.addChild: "Adds a child component, loading it if this component is loaded" */
  addChild<T extends Component>(child: T): T {
    this.children.push(child);
    if (this.loaded) child.load();
    return child;
  }

  /** obsidian.d.ts Component.removeChild: "Removes a child component, unloading it" */
  removeChild<T extends Component>(child: T): T {
    const index = this.children.indexOf(child);
    if (index !== -1) this.children.splice(index, 1);
    child.unload();
    return child;
  }

  /** obsidian.d.ts Component.register: "Registers a callback to be called when unloading" */
  register(cleanup: () => unknown): void {
    this.cleanups.push(cleanup);
  }

  /** obsidian.d.ts Component.registerEvent: "Registers an event to be detached when unloading" */
  registerEvent(reference: EventRef): void {
    this.register(() => reference.source.offref(reference));
  }

  /** obsidian.d.ts Component.registerDomEvent: "Registers a DOM event to be detached when unloading" */
  registerDomEvent(element: FakeElement, type: string, callback: (event: FakeEvent) => unknown): void {
    element.addEventListener(type, callback);
    this.register(() => element.removeEventListener(type, callback));
  }

  /** obsidian.d.ts Component.registerInterval: "Registers an interval (from setInterval) to be cancelled when unloading" */
  registerInterval(id: number): number {
    this.register(() => window.clearInterval(id));
    return id;
  }
}

/** Obsidian's `Plugin`: commands, a settings tab, status bar items and `data.json`, all removed on unload. */
export class Plugin extends Component {
  constructor(
    readonly app: PluginAppSurface,
    readonly manifest: PluginManifest,
  ) {
    super();
  }

  /**
   * obsidian.d.ts Plugin.addCommand: "The command id and name will be automatically prefixed with
   * this plugin's id and name." ASSUMED (docs silent): as `<id>:<command id>` and `<name>:
   * <command name>`. Removed on unload, which obsidian.d.ts Plugin.removeCommand implies: "This
   * should not be needed unless your plugin registers commands dynamically."
   */
  addCommand(command: Command): Command {
    const full = { ...command, id: `${this.manifest.id}:${command.id}`, name: `${this.manifest.name}: ${command.name}` };
    this.app.commands.add(full);
    this.register(() => this.app.commands.remove(full.id));
    return full;
  }

  /** Adds the tab to the settings window; ASSUMED (docs silent): removed on unload, as commands are. */
  addSettingTab(tab: SettingTab): void {
    this.app.setting.addTab(tab);
    this.register(() => this.app.setting.removeTab(tab));
  }

  /**
   * obsidian.d.ts Plugin.addStatusBarItem: "Adds a status bar item to the bottom of the app."
   * ASSUMED (docs silent): removed on unload.
   */
  addStatusBarItem(): FakeElement {
    const item = this.app.statusBar.createDiv(`status-bar-item plugin-${this.manifest.id}`);
    this.register(() => item.detach());
    return item;
  }

  /**
   * obsidian.d.ts Plugin.loadData: "Load settings data from disk." ASSUMED (docs silent): null
   * when `data.json` does not exist; a `data.json` that is not JSON rejects with the parse error
   * (as user reports of the app show: "Uncaught (in promise) SyntaxError … at JSON.parse", e.g.
   * github.com/lynchjames/note-refactor-obsidian/issues/71), so a plugin's handling of a broken
   * file is exercised rather than silently given a first run.
   */
  async loadData(): Promise<unknown> {
    const text = await fs.readFile(this.dataPath(), 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    return text === null ? null : (JSON.parse(text) as unknown);
  }

  /**
   * obsidian.d.ts Plugin.saveData: "Write settings data to disk." ASSUMED (docs silent): as
   * `JSON.stringify(data, null, 2)`, in place (a read during the write may see it partial).
   */
  async saveData(data: unknown): Promise<void> {
    await fs.mkdir(path.dirname(this.dataPath()), { recursive: true });
    await fs.writeFile(this.dataPath(), JSON.stringify(data, null, 2));
  }

  /**
   * `data.json` in the plugin folder: obsidian.d.ts Plugin.loadData: "Data is stored in
   * `data.json` in the plugin folder." and obsidian.d.ts PluginManifest.dir: "Vault path to the
   * plugin folder in the config directory." (set by the app when it loads the plugin; a test that
   * builds the manifest itself may leave it out, and then the folder is `<configDir>/plugins/<id>`).
   */
  dataPath(): string {
    const folder = this.manifest.dir ?? path.join(this.app.vault.configDir, 'plugins', this.manifest.id);
    return path.join(this.app.vault.adapter.getBasePath(), folder, 'data.json');
  }
}
