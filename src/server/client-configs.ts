import { stringify as stringifyToml } from 'smol-toml';
import { buildHttpEntry, type HttpClient } from './clients/client-entries';

/** The MCP clients indx gives ready configuration for, in the order the settings tab lists them. */
export const CLIENT_IDS = ['claude-desktop', 'claude-code', 'cursor', 'codex', 'vscode', 'http'] as const;

/** One of {@link CLIENT_IDS}. */
export type ClientId = (typeof CLIENT_IDS)[number];

/** What every snippet is built from. */
export interface ClientConfigInput {
  /** The server's base URL, e.g. `http://127.0.0.1:27643` (MCP at `/mcp`). */
  url: string;
  /** The bearer token's secret, or null to print a placeholder the user replaces. */
  token: string | null;
}

/**
 * A client, how it is named to people, where its configuration goes, and how it is delivered:
 * a `snippet` to copy (a command or the text of a configuration file), or a `bundle` file the
 * client installs (Claude Desktop, whose configuration file takes stdio servers only).
 */
export interface ClientDescription {
  id: ClientId;
  label: string;
  /** Where the snippet is pasted or run, or what the bundle does, for the settings tab. */
  destination: string;
  delivery: 'snippet' | 'bundle';
}

/** The placeholder written where the token goes when none was given. */
export const TOKEN_PLACEHOLDER = '<TOKEN>';

/** Every client with its label, destination and delivery, in {@link CLIENT_IDS} order. */
export const CLIENTS: readonly ClientDescription[] = [
  { id: 'claude-desktop', label: 'Claude Desktop', destination: 'a Claude Desktop extension (.mcpb) saved to your Downloads folder and opened with Claude Desktop, which asks for the token', delivery: 'bundle' },
  { id: 'claude-code', label: 'Claude Code', destination: 'a terminal: the command adds the server for the current user', delivery: 'snippet' },
  { id: 'cursor', label: 'Cursor', destination: '~/.cursor/mcp.json (merge into "mcpServers")', delivery: 'snippet' },
  { id: 'codex', label: 'Codex', destination: '~/.codex/config.toml', delivery: 'snippet' },
  { id: 'vscode', label: 'VS Code', destination: 'the user mcp.json (command "MCP: Open User Configuration"; merge into "servers")', delivery: 'snippet' },
  { id: 'http', label: 'Any streamable HTTP client', destination: 'the client\'s MCP server list', delivery: 'snippet' },
];

/**
 * The configuration snippet for a client that speaks Streamable HTTP, with the token written in
 * (or {@link TOKEN_PLACEHOLDER}): a shell command for Claude Code, TOML for Codex, JSON for the
 * others, each in its client's documented format (see `buildHttpEntry`).
 */
export function buildClientConfig(client: HttpClient, input: ClientConfigInput): string {
  const token = input.token ?? TOKEN_PLACEHOLDER;
  const mcpUrl = `${input.url}/mcp`;
  const { entry } = buildHttpEntry(client, mcpUrl, { kind: 'literal', token });
  switch (client) {
    case 'claude-code':
      // `claude mcp add` defaults to --scope local (this project only); the tab promises the current user.
      return `claude mcp add --transport http --scope user indx ${mcpUrl} --header ${quoteShell(`Authorization: Bearer ${token}`)}`;
    case 'codex':
      return stringifyToml({ mcp_servers: { indx: entry } });
    case 'vscode':
      return toJson({ servers: { indx: entry } });
    case 'cursor':
    case 'http':
      return toJson({ mcpServers: { indx: entry } });
  }
}

/** True for a client whose configuration is a snippet (every client but Claude Desktop). */
export function isSnippetClient(client: ClientId): client is HttpClient {
  return CLIENTS.find((description) => description.id === client)?.delivery === 'snippet';
}

function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// POSIX shells: single quotes keep everything literal; a single quote inside is closed, escaped, reopened.
function quoteShell(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
