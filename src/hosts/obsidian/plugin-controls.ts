import type { TokenStore } from '../../core/auth/token-store';
import type { AppCommand } from '../../core/app/app-port';
import type { Storage } from '../../core/vault/storage';
import type { ClientId } from '../../server/client-configs';
import type { ApiKeyStore } from './api-key-store';
import type { PluginEngine } from './plugin-engine';
import type { PluginServer } from './plugin-server';
import type { SettingsStore } from './settings/settings-store';

/** What the settings tab and the commands act on; the plugin implements it. */
export interface PluginControls {
  /** Absolute path of the vault folder. */
  readonly vaultPath: string;
  readonly settingsStore: SettingsStore;
  readonly tokens: TokenStore;
  /** The state folder's storage (vault configuration, tokens, index). */
  readonly storage: Storage;
  /** The vault's engine: open from layout-ready to unload, whether or not the server runs. */
  readonly engine: PluginEngine;
  /** The HTTP server, a surface of the engine. */
  readonly server: PluginServer;
  readonly apiKey: ApiKeyStore;
  /** Switches the server on or off, remembering the choice. */
  setServerEnabled(enabled: boolean): Promise<void>;
  /** The vault configuration changed on disk (the tab saved it): the open engine applies its path rules. */
  vaultConfigChanged(): Promise<void>;
  /** Rebuilds the search index from scratch. */
  rebuildSearchIndex(): Promise<void>;
  /**
   * Copies the configuration snippet for `client` (with `token`, else a placeholder) to the
   * clipboard; for a client configured by a bundle (Claude Desktop), saves and opens the bundle.
   */
  copyClientConfig(client: ClientId, token: string | null): Promise<void>;
  /** Saves this vault's Claude Desktop extension (.mcpb) to the Downloads folder and opens it with Claude Desktop. */
  saveClaudeBundle(): Promise<void>;
  /** Copies `text` to the clipboard and says so with `confirmation`. */
  copyText(text: string, confirmation: string): Promise<void>;
  /** Shows a notice. */
  notify(message: string): void;
  /** Every command of the app's palette (for choosing those agents may run). */
  appCommands(): AppCommand[];
}
