import { resolve } from 'node:path';
import { stringify as stringifyToml } from 'smol-toml';

/** The MCP clients indx writes ready-to-paste configuration for. */
export const CLIENT_IDS = ['claude-desktop', 'claude-code', 'cursor', 'codex', 'http'] as const;

/** One of {@link CLIENT_IDS}. */
export type ClientId = (typeof CLIENT_IDS)[number];

/** What every snippet is built from. */
export interface ClientConfigInput {
  /** The server's base URL, e.g. `http://127.0.0.1:27643` (MCP at `/mcp`). */
  url: string;
  /** The bearer token's secret, or null to print a placeholder the user replaces. */
  token: string | null;
  /** Absolute path of the vault folder, so the stdio shim finds this vault's server. */
  vaultPath: string;
}

/** A client, how it is named to people, and where its snippet goes. */
export interface ClientDescription {
  id: ClientId;
  label: string;
  /** Where the snippet is pasted or run, for the settings tab. */
  destination: string;
}

/** The placeholder written where the token goes when none was given. */
export const TOKEN_PLACEHOLDER = '<TOKEN>';

/** Every client with its label and destination, in the order the settings tab lists them. */
export const CLIENTS: readonly ClientDescription[] = [
  { id: 'claude-desktop', label: 'Claude Desktop', destination: 'claude_desktop_config.json (through the indx-mcp stdio relay)' },
  { id: 'claude-code', label: 'Claude Code', destination: 'a terminal: the command adds the server for the current user' },
  { id: 'cursor', label: 'Cursor', destination: '~/.cursor/mcp.json' },
  { id: 'codex', label: 'Codex', destination: '~/.codex/config.toml (through the indx-mcp stdio relay)' },
  { id: 'http', label: 'Any streamable HTTP client', destination: 'the client\'s MCP server list' },
];

/**
 * The configuration snippet for `client`: JSON for Claude Desktop, Cursor and generic HTTP
 * clients, a shell command for Claude Code, TOML for Codex. Clients that speak stdio only
 * (Claude Desktop, Codex) start the `indx-mcp` relay, which finds this vault's running server.
 */
export function buildClientConfig(client: ClientId, input: ClientConfigInput): string {
  const token = input.token ?? TOKEN_PLACEHOLDER;
  const mcpUrl = `${input.url}/mcp`;
  switch (client) {
    case 'claude-desktop':
      return toJson({ mcpServers: { indx: buildServerEntry({ vault: input.vaultPath, token }) } });
    case 'claude-code':
      // `claude mcp add` defaults to --scope local (this project only); the tab promises the current user.
      return `claude mcp add --transport http --scope user indx ${mcpUrl} --header ${quoteShell(`Authorization: Bearer ${token}`)}`;
    case 'cursor':
      return toJson({ mcpServers: { indx: { url: mcpUrl, headers: bearer(token) } } });
    case 'codex':
      return stringifyToml({ mcp_servers: { indx: buildServerEntry({ vault: input.vaultPath, token }) } });
    case 'http':
      return toJson({ mcpServers: { indx: { type: 'http', url: mcpUrl, headers: bearer(token) } } });
  }
}

/** A stdio MCP server entry as the clients store it (JSON `mcpServers.indx`, TOML `[mcp_servers.indx]`). */
export interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** What {@link buildServerEntry} puts in the entry; give at most one of `token` and `tokenFile`. */
export interface ServerEntryOptions {
  /** `--vault DIR` for the server (made absolute). */
  vault?: string;
  /** A token to embed as `env.INDX_TOKEN` (user scope only: the file is then private). */
  token?: string | null;
  /** A token file to name as `--token-file FILE` (made absolute): the entry holds no secret. */
  tokenFile?: string;
}

/**
 * The entry that starts `indx mcp serve --stdio` through npx (so no global install is needed),
 * with `--vault DIR` when given, and the token either embedded in `env.INDX_TOKEN` or read at
 * start from `--token-file FILE`: the plugin's snippets and `indx mcp install` both use it.
 * Security: a token is only ever copied from what the user supplied, never made up.
 */
export function buildServerEntry(options: ServerEntryOptions): ServerEntry {
  const vault = options.vault === undefined ? [] : ['--vault', resolve(options.vault)];
  const tokenFile = options.tokenFile === undefined ? [] : ['--token-file', resolve(options.tokenFile)];
  const token = options.token ?? null;
  return { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', ...vault, ...tokenFile], ...(token === null ? {} : { env: { INDX_TOKEN: token } }) };
}

function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// POSIX shells: single quotes keep everything literal; a single quote inside is closed, escaped, reopened.
function quoteShell(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
