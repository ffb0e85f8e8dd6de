import { PluginSettingTab, requireApiVersion, type App, type Plugin, type SettingDefinitionItem } from 'obsidian';
import { readVaultConfig } from '../../../core/config/vault-config';
import type { PluginControls } from '../plugin-controls';
import { accessSection } from './access-section';
import { aiSection } from './ai-section';
import { clientSection } from './client-section';
import { searchSection } from './search-section';
import { serverSection } from './server-section';
import { renderSections, toSettingDefinitions, type SettingSection } from './setting-section';
import { emptyTabState, messageOf, type TabContext, type TabState } from './tab-state';
import { tokenSection } from './token-section';

/**
 * The plugin's settings tab. It declares its rows for Obsidian 1.13's settings search
 * (`getSettingDefinitions`) and renders the same rows itself for older apps (`display`). The
 * vault configuration and the token list are read when the tab opens; a new token's secret lives
 * only in this tab's memory and is dropped when the tab closes.
 */
export class IndxSettingTab extends PluginSettingTab {
  private state: TabState = emptyTabState();
  private loaded = false;
  private loading = false;
  private open = false;

  constructor(
    app: App,
    plugin: Plugin,
    private readonly controls: PluginControls,
  ) {
    super(app, plugin);
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    this.open = true;
    this.loadOnce();
    return toSettingDefinitions(this.sections());
  }

  override display(): void {
    this.open = true;
    this.loadOnce();
    this.draw();
  }

  override hide(): void {
    this.open = false;
    this.state = emptyTabState();
    this.loaded = false;
    super.hide();
  }

  /** Redraws the tab when it is open (the server's state changed). */
  refreshIfOpen(): void {
    if (this.open) this.refresh();
  }

  private sections(): SettingSection[] {
    const context = this.context();
    return [serverSection(context), tokenSection(context), clientSection(context), accessSection(context), searchSection(context), aiSection(context)];
  }

  private context(): TabContext {
    return { controls: this.controls, state: this.state, reload: () => this.reload(), refresh: () => this.refresh() };
  }

  private refresh(): void {
    if (requireApiVersion('1.13.0')) this.update();
    else this.draw();
  }

  private draw(): void {
    this.containerEl.empty();
    renderSections(this.containerEl, this.sections());
  }

  private loadOnce(): void {
    if (!this.loaded) this.reload();
  }

  private reload(): void {
    if (this.loading) return;
    this.loaded = true;
    this.loading = true;
    const state = this.state;
    void Promise.all([readVaultConfig(this.controls.storage), this.controls.tokens.list()])
      .then(([config, tokens]) => {
        state.config = config;
        state.tokens = tokens;
        state.problem = null;
      })
      .catch((error: unknown) => (state.problem = `Could not read the vault configuration or tokens: ${messageOf(error)}`))
      .finally(() => {
        this.loading = false;
        if (this.open && state === this.state) this.refresh();
      });
  }
}
