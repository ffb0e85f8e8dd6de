import { requireApiVersion } from './api-version';
import { FakeElement } from './fake-element';
import { Setting } from './setting';

/** A declarative definition, as far as the fake renders them (groups and rendered rows). */
export interface SettingDefinitionLike {
  type?: string;
  heading?: string;
  name?: string;
  desc?: string;
  items?: SettingDefinitionLike[];
  visible?: boolean | (() => boolean);
  render?: (setting: Setting, group: unknown) => unknown;
  control?: unknown;
  action?: unknown;
}

/** Whoever shows a tab (the app's settings window); `update()` asks it to draw again. */
export interface TabHost {
  redraw(tab: SettingTab): void;
}

/** Obsidian's `SettingTab`. */
export abstract class SettingTab {
  readonly containerEl = new FakeElement('div');
  icon = 'settings';
  /** The settings window showing this tab, while it does. */
  shownBy: TabHost | null = null;
  /** obsidian.d.ts SettingTab.settingItems: "Populated by update()." (drawn, and indexed for settings search). */
  settingItems: SettingDefinitionLike[] = [];

  constructor(readonly app: unknown) {}

  getSettingDefinitions(): SettingDefinitionLike[] {
    return [];
  }

  display(): void {}

  hide(): void {}

  /**
   * obsidian.d.ts SettingTab.update: "Stores the result of getSettingDefinitions() for rendering
   * and search indexing." Draws them again when the tab is shown.
   */
  update(): void {
    if (!requireApiVersion('1.13.0')) throw new Error('fake obsidian: SettingTab.update() needs app 1.13.0');
    this.settingItems = this.getSettingDefinitions();
    this.shownBy?.redraw(this);
  }
}

/** Obsidian's `PluginSettingTab`. */
export abstract class PluginSettingTab extends SettingTab {
  readonly id: string;
  readonly name: string;

  constructor(
    app: unknown,
    readonly plugin: { manifest: { id: string; name: string } },
  ) {
    super(app);
    this.id = plugin.manifest.id;
    this.name = plugin.manifest.name;
  }
}

/**
 * Shows a tab as the app does: from 1.13 on, every display asks for the setting definitions
 * afresh (obsidian.d.ts SettingTab.getSettingDefinitions: "Called on every display() and once
 * when the tab is added to the setting modal for search indexing.") and a tab with definitions is
 * drawn from them (obsidian.d.ts SettingTab.display: "Not called when {@link
 * getSettingDefinitions} returns a non-empty array;"); otherwise, and before 1.13, `display()`
 * draws it.
 */
export function drawTab(tab: SettingTab): void {
  if (requireApiVersion('1.13.0')) tab.settingItems = tab.getSettingDefinitions();
  renderTab(tab);
}

/** Draws a shown tab again after `update()`: from the stored definitions, or with `display()`. */
export function renderTab(tab: SettingTab): void {
  const definitions = requireApiVersion('1.13.0') ? tab.settingItems : [];
  if (definitions.length === 0) {
    tab.display();
    return;
  }
  tab.containerEl.empty();
  for (const item of definitions) drawItem(tab.containerEl, item);
}

function drawItem(container: FakeElement, item: SettingDefinitionLike): void {
  if (!isVisible(item)) return;
  if (item.type === 'group' || item.type === 'list') {
    const group = container.createDiv('setting-group');
    if (item.heading !== undefined) new Setting(group).setName(item.heading).setHeading();
    for (const child of item.items ?? []) drawItem(group, child);
    return;
  }
  if (item.render === undefined) throw new Error(`fake obsidian: the fake draws rendered definitions only ("${item.name ?? item.type ?? '?'}")`);
  const setting = new Setting(container).setName(item.name ?? '');
  if (item.desc !== undefined) setting.setDesc(item.desc);
  item.render(setting, null);
}

function isVisible(item: SettingDefinitionLike): boolean {
  return typeof item.visible === 'function' ? item.visible() : item.visible !== false;
}
