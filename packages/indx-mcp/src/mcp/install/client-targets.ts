import { homedir } from 'node:os';
import * as path from 'node:path';
import { IndxError } from '../../../../../src/core/errors';
import type { HttpClient } from '../../../../../src/server/clients/client-entries';

/** The MCP clients `indx mcp install` configures. */
export const CLIENT_TARGETS = ['claude-desktop', 'claude-code', 'cursor', 'codex', 'vscode'] as const;

/** One MCP client. */
export type ClientTarget = (typeof CLIENT_TARGETS)[number];

/** Whose configuration: the user's (every project), or the current project's. */
export type ConfigScope = 'user' | 'project';

/** Where and how a client keeps its MCP servers. */
export interface ConfigLocation {
  target: ClientTarget;
  scope: ConfigScope;
  /** Display name, e.g. "Claude Code". */
  label: string;
  /** Absolute path of the configuration file. */
  path: string;
  /** `json` files keep servers under {@link serversKey}; `toml` (Codex) under `[mcp_servers]`. */
  format: 'json' | 'toml';
  /** The JSON key holding the servers: `mcpServers`, or VS Code's `servers`. */
  serversKey: 'mcpServers' | 'servers';
  /** `stdio`: the client starts a command (Claude Desktop's configuration file takes nothing else); `http`: it connects to the URL. */
  transport: 'stdio' | 'http';
  /**
   * The client keeps tokens in a secret store of its own (VS Code: an input it asks for once):
   * the entry then always references the token, even in user scope, because VS Code's Settings
   * Sync copies `mcp.json` to the user's other machines.
   */
  asksForToken: boolean;
}

/** Where the configuration files are looked for: the environment (HOME, APPDATA, …), platform and project folder. */
export interface LocationContext {
  environment: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The project folder of `project` scope (the current directory). */
  cwd: string;
}

const LABELS: Record<ClientTarget, string> = { 'claude-desktop': 'Claude Desktop', 'claude-code': 'Claude Code', cursor: 'Cursor', codex: 'Codex', vscode: 'VS Code' };

/** The scopes each client has: Claude Desktop has no project configuration. */
export const TARGET_SCOPES: Record<ClientTarget, readonly ConfigScope[]> = {
  'claude-desktop': ['user'],
  'claude-code': ['user', 'project'],
  cursor: ['user', 'project'],
  codex: ['user', 'project'],
  vscode: ['user', 'project'],
};

/**
 * The configuration file of `target` in `scope`, at the location the client itself reads (see
 * docs/decisions/0005-client-config-locations.md); `invalid_input` for a scope the client lacks.
 */
export function locateConfig(target: ClientTarget, scope: ConfigScope, context: LocationContext): ConfigLocation {
  if (!TARGET_SCOPES[target].includes(scope)) throw new IndxError('invalid_input', `${LABELS[target]} has no ${scope} configuration; use --scope ${TARGET_SCOPES[target].join(' or ')}.`, { target, scope });
  const file = scope === 'project' ? projectFile(target, context.cwd) : userFile(target, context);
  return { target, scope, label: LABELS[target], path: file, format: target === 'codex' ? 'toml' : 'json', serversKey: target === 'vscode' ? 'servers' : 'mcpServers', transport: target === 'claude-desktop' ? 'stdio' : 'http', asksForToken: target === 'vscode' };
}

/** The HTTP entry format of a location's client; null for a client that starts commands only (Claude Desktop). */
export function httpClientOf(location: ConfigLocation): HttpClient | null {
  return location.transport === 'http' && location.target !== 'claude-desktop' ? location.target : null;
}

function projectFile(target: ClientTarget, cwd: string): string {
  if (target === 'claude-code') return path.join(cwd, '.mcp.json');
  if (target === 'cursor') return path.join(cwd, '.cursor', 'mcp.json');
  if (target === 'vscode') return path.join(cwd, '.vscode', 'mcp.json');
  return path.join(cwd, '.codex', 'config.toml');
}

function userFile(target: ClientTarget, context: LocationContext): string {
  const { environment } = context;
  const home = homeOf(environment);
  switch (target) {
    case 'claude-desktop':
      return claudeDesktopFile(context, home);
    case 'claude-code':
      return path.join(nonEmpty(environment.CLAUDE_CONFIG_DIR) ?? home, '.claude.json');
    case 'cursor':
      return path.join(home, '.cursor', 'mcp.json');
    case 'codex':
      return path.join(nonEmpty(environment.CODEX_HOME) ?? path.join(home, '.codex'), 'config.toml');
    case 'vscode':
      return path.join(appDataFolder(context, home), 'Code', 'User', 'mcp.json');
  }
}

function claudeDesktopFile(context: LocationContext, home: string): string {
  return path.join(appDataFolder(context, home), 'Claude', 'claude_desktop_config.json');
}

/** Where desktop apps keep their settings: Application Support (macOS), APPDATA (Windows), XDG_CONFIG_HOME (elsewhere). */
function appDataFolder(context: LocationContext, home: string): string {
  const { environment, platform } = context;
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return nonEmpty(environment.APPDATA) ?? path.join(home, 'AppData', 'Roaming');
  return nonEmpty(environment.XDG_CONFIG_HOME) ?? path.join(home, '.config');
}

function homeOf(environment: NodeJS.ProcessEnv): string {
  return nonEmpty(environment.HOME) ?? nonEmpty(environment.USERPROFILE) ?? homedir();
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
