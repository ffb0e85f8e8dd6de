import type { CreatedToken, TokenSummary } from '../../../core/auth/token-store';
import type { VaultConfig } from '../../../core/config/vault-config';
import type { PluginControls } from '../plugin-controls';

/** Access levels a new token can get (admin includes every other; the editor needs its switch under Editor and commands too). */
export const ACCESS_LEVELS = {
  read: { label: 'Read notes', scopes: ['vault:read'] },
  write: { label: 'Read and write notes', scopes: ['vault:read', 'vault:write'] },
  read_editor: { label: 'Read notes, see and steer the editor', scopes: ['vault:read', 'app:editor'] },
  write_editor: { label: 'Read and write notes, see and steer the editor', scopes: ['vault:read', 'vault:write', 'app:editor'] },
  admin: { label: 'Administer (also change the vault configuration)', scopes: ['vault:admin'] },
} as const;

/** One of {@link ACCESS_LEVELS}. */
export type AccessLevel = keyof typeof ACCESS_LEVELS;

/** What the settings tab shows that lives outside the plugin's settings, loaded when the tab opens. */
export interface TabState {
  /** The vault configuration (`config.json`, shared with the command line); null until loaded. */
  config: VaultConfig | null;
  tokens: TokenSummary[] | null;
  /** The token created while the tab is open: its secret is shown until the tab closes, never again. */
  created: CreatedToken | null;
  /** The token being made: its name, access level and tool profile (built-in or the configuration's). */
  draft: { name: string; access: AccessLevel; profile: string };
  /** Glob lists typed but not saved yet, by field (they apply only on Save: half-typed globs match too much). */
  pathDrafts: Partial<Record<string, string>>;
  /** Why loading failed, shown in the tab. */
  problem: string | null;
  /** What the command search box holds (Editor and commands). */
  commandQuery: string;
}

/** What every section is built from. */
export interface TabContext {
  controls: PluginControls;
  state: TabState;
  /** Loads the vault configuration and the token list again, then redraws the tab. */
  reload(): void;
  /** Redraws the tab from the current state. */
  refresh(): void;
}

/** The state of a freshly opened tab. */
export function emptyTabState(): TabState {
  return { config: null, tokens: null, created: null, draft: { name: '', access: 'write', profile: 'full' }, pathDrafts: {}, problem: null, commandQuery: '' };
}

/** The message of a failure, for a notice. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
