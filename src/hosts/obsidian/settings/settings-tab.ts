import { PluginSettingTab, requireApiVersion, type App, type Plugin, type SettingDefinitionItem } from 'obsidian';
import { readVaultConfig } from '../../../core/config/vault-config';
import type { PluginControls } from '../plugin-controls';
import { accessSection } from './access-section';
import { aiSection } from './ai-section';
import { clientSection } from './client-section';
import { editorSection } from './editor-section';
import { searchSection } from './search-section';
import { serverSection } from './server-section';
import { renderSections, toSettingDefinitions, type SettingSection } from './setting-section';
import { emptyTabState, messageOf, type TabContext, type TabState } from './tab-state';
import { tokenSection } from './token-section';

/**
 * The plugin's settings tab. It declares its rows for Obsidian 1.13's settings search
 * (`getSettingDefinitions`) and renders the same rows itself for older apps (`display`). The
 * vault configuration and the token list are read afresh each time the tab opens (the command
 * line changes them too); a new token's secret lives only in this tab's memory and is dropped
 * when the tab closes.
 */
export class IndxSettingTab extends PluginSettingTab {
  private state: TabState = emptyTabState();
  private open = false;
  /** True while Obsidian 1.13 indexes the tab for settings search (no opening). */
  private indexing = false;
  /** True while the tab redraws itself through `update()` (which asks for the definitions again). */
  private refreshing = false;
  /** Counts loads, so that only the newest one's result is shown. */
  private loads = 0;

  constructor(
    app: App,
    plugin: Plugin,
    private readonly controls: PluginControls,
  ) {
    super(app, plugin);
  }

  /**
   * Adds the tab to `plugin`. Obsidian 1.13 asks for the definitions during this call, only to
   * index the settings search: that is no opening, and what it would load would be stale by the
   * time the user opens the tab.
   */
  addTo(plugin: Plugin): void {
    this.indexing = true;
    try {
      plugin.addSettingTab(this);
    } finally {
      this.indexing = false;
    }
  }

  // Obsidian 1.13 calls this at every opening of the tab, and again within each `update()`.
  override getSettingDefinitions(): SettingDefinitionItem[] {
    if (!this.indexing && !this.refreshing) this.shown();
    return toSettingDefinitions(this.sections());
  }

  override display(): void {
    this.shown();
    this.draw();
  }

  override hide(): void {
    this.open = false;
    this.state = emptyTabState();
    super.hide();
  }

  /** Redraws the tab when it is open (the server's state changed). */
  refreshIfOpen(): void {
    if (this.open) this.refresh();
  }

  private sections(): SettingSection[] {
    const context = this.context();
    return [serverSection(context), tokenSection(context), clientSection(context), accessSection(context), editorSection(context), searchSection(context), aiSection(context)];
  }

  private context(): TabContext {
    return { controls: this.controls, state: this.state, reload: () => this.reload(), refresh: () => this.refresh() };
  }

  private refresh(): void {
    this.refreshing = true;
    try {
      if (requireApiVersion('1.13.0')) this.update();
      else this.draw();
    } finally {
      this.refreshing = false;
    }
  }

  private draw(): void {
    this.containerEl.empty();
    renderSections(this.containerEl, this.sections());
  }

  /** Obsidian shows the tab: what it shows is read afresh (the command line changes tokens and configuration too). */
  private shown(): void {
    this.open = true;
    this.reload();
  }

  private reload(): void {
    const load = ++this.loads;
    const state = this.state;
    const current = (): boolean => load === this.loads && state === this.state;
    void Promise.all([readVaultConfig(this.controls.storage), this.controls.tokens.list()])
      .then(([config, tokens]) => {
        if (!current()) return;
        state.config = config;
        state.tokens = tokens;
        state.problem = null;
      })
      .catch((error: unknown) => {
        if (current()) state.problem = `Could not read the vault configuration or tokens: ${messageOf(error)}`;
      })
      .finally(() => {
        if (this.open && current()) this.refresh();
      });
  }
}
