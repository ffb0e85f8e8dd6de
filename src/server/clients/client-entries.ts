import { resolve } from 'node:path';

/** The environment variable a client entry reads the token from, when it does not hold it. */
export const TOKEN_VARIABLE = 'INDX_TOKEN';

/** The id of the VS Code input (a password prompt, stored by VS Code) that holds the token. */
export const VSCODE_TOKEN_INPUT = 'indx-token';

/** MCP clients that speak Streamable HTTP, each with its own entry format. */
export type HttpClient = 'claude-code' | 'cursor' | 'codex' | 'vscode' | 'http';

/**
 * How an entry gives its client the token: written into it (`literal`: user files, made
 * private), or the client's documented way to read it at start (`reference`: the INDX_TOKEN
 * environment variable, or VS Code's password prompt), so the file holds no secret.
 */
export type TokenSource = { kind: 'literal'; token: string } | { kind: 'reference' };

/** A client entry as JSON data: `mcpServers.indx` (or `servers.indx`, `[mcp_servers.indx]`). */
export type ClientEntry = Record<string, unknown>;

/** What one client's configuration needs besides the entry: VS Code's `inputs` declaring the token prompt. */
export interface EntryPlan {
  entry: ClientEntry;
  /** Items the file's top-level `inputs` list must hold (VS Code only). */
  inputs?: ClientEntry[];
}

/** What an HTTP entry resolves to when its client starts it: the URL and headers it sends, or why it cannot. */
export type ResolvedHttpEntry = { url: string; headers: Record<string, string> } | { problem: string };

interface HttpDialect {
  /** The entry, with `authorization` (`Bearer …`) placed where the client reads headers. */
  build(url: string, authorization: string, token: TokenSource): EntryPlan;
  /** How the client writes a reference to the token in a header. */
  reference: string;
  /** `text` with the client's variables expanded from `environment`; a variable that is not set is a problem. */
  expand(text: string, environment: NodeJS.ProcessEnv): string | { problem: string };
  /** Headers the client adds from other fields of the entry (Codex: `bearer_token_env_var`). */
  extraHeaders?(entry: ClientEntry, environment: NodeJS.ProcessEnv): { headers: Record<string, string> } | { problem: string };
}

const VSCODE_INPUT: ClientEntry = { type: 'promptString', id: VSCODE_TOKEN_INPUT, description: 'indx access token (Obsidian: Settings → indx → Access tokens)', password: true };

// Each client's documented format (docs/decisions/0008-client-entries.md has the sources).
const DIALECTS: Record<HttpClient, HttpDialect> = {
  // Claude Code skips an entry with a URL but no `type`; it expands ${VAR} and ${VAR:-default}.
  'claude-code': { build: (url, authorization) => ({ entry: { type: 'http', url, headers: { Authorization: authorization } } }), reference: `\${${TOKEN_VARIABLE}}`, expand: (text, environment) => expandWith(/\$\{([A-Za-z_]\w*)(?::-([^}]*))?\}/g, text, environment) },
  cursor: { build: (url, authorization) => ({ entry: { url, headers: { Authorization: authorization } } }), reference: `\${env:${TOKEN_VARIABLE}}`, expand: (text, environment) => expandWith(/\$\{env:([A-Za-z_]\w*)\}/g, text, environment) },
  // Codex: `bearer_token_env_var` names the variable; literal headers go in `http_headers` (never `bearer_token`, a fatal error there).
  codex: {
    build: (url, authorization, token) => ({ entry: token.kind === 'literal' ? { url, http_headers: { Authorization: authorization } } : { url, bearer_token_env_var: TOKEN_VARIABLE } }),
    reference: '',
    expand: (text) => text,
    extraHeaders: (entry, environment) => bearerFromVariable(entry.bearer_token_env_var, environment),
  },
  vscode: {
    build: (url, authorization, token) => ({ entry: { type: 'http', url, headers: { Authorization: authorization } }, ...(token.kind === 'reference' ? { inputs: [VSCODE_INPUT] } : {}) }),
    reference: `\${input:${VSCODE_TOKEN_INPUT}}`,
    expand: (text, environment) => expandVscodeInput(text, environment),
  },
  http: { build: (url, authorization) => ({ entry: { type: 'http', url, headers: { Authorization: authorization } } }), reference: `\${${TOKEN_VARIABLE}}`, expand: (text) => text },
};

/**
 * The HTTP entry of `client` for the MCP endpoint `mcpUrl` (`http://127.0.0.1:PORT/mcp`), with
 * the token written in or referenced the client's way (see {@link TokenSource}).
 */
export function buildHttpEntry(client: HttpClient, mcpUrl: string, token: TokenSource): EntryPlan {
  const dialect = DIALECTS[client];
  return dialect.build(mcpUrl, `Bearer ${token.kind === 'literal' ? token.token : dialect.reference}`, token);
}

/**
 * What `entry` of `client` sends when the client starts it, variables expanded from
 * `environment` as the client does (VS Code's token prompt: from INDX_TOKEN, when set), or the
 * reason it cannot be resolved (a variable that is not set, no URL).
 */
export function resolveHttpEntry(client: HttpClient, entry: ClientEntry, environment: NodeJS.ProcessEnv): ResolvedHttpEntry {
  const dialect = DIALECTS[client];
  if (typeof entry.url !== 'string') return { problem: 'the entry has no URL' };
  const url = dialect.expand(entry.url, environment);
  if (typeof url !== 'string') return url;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...asStrings(entry.headers), ...asStrings(entry.http_headers) })) {
    const expanded = dialect.expand(value, environment);
    if (typeof expanded !== 'string') return expanded;
    headers[name] = expanded;
  }
  const extra = dialect.extraHeaders?.(entry, environment) ?? { headers: {} };
  return 'problem' in extra ? extra : { url, headers: { ...headers, ...extra.headers } };
}

/** A stdio entry (`command`, `args`, `env`), as Claude Desktop and every stdio client store it. */
export interface StdioEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The programs a stdio entry starts: an absolute `node` and the absolute path of the `indx` script it runs. */
export interface Launcher {
  node: string;
  script: string;
}

/**
 * The stdio entry that starts `indx mcp serve --stdio` with absolute paths (`node` and the
 * installed script: nothing is fetched at launch), with `--vault DIR` and `--url URL` when given and the token in
 * `env.INDX_TOKEN` (user files only) or named by `--token-file FILE`. Security: a token is only
 * ever copied from what the user supplied, never made up.
 */
export function buildStdioEntry(launcher: Launcher, options: { vault?: string; url?: string; token?: string; tokenFile?: string }): StdioEntry {
  const server = [...(options.vault === undefined ? [] : ['--vault', resolve(options.vault)]), ...(options.url === undefined ? [] : ['--url', options.url])];
  const tokenFile = options.tokenFile === undefined ? [] : ['--token-file', resolve(options.tokenFile)];
  const args = [launcher.script, 'mcp', 'serve', '--stdio', ...server, ...tokenFile];
  return { command: launcher.node, args, ...(options.token === undefined ? {} : { env: { [TOKEN_VARIABLE]: options.token } }) };
}

function bearerFromVariable(variable: unknown, environment: NodeJS.ProcessEnv): { headers: Record<string, string> } | { problem: string } {
  if (typeof variable !== 'string') return { headers: {} };
  const token = environment[variable];
  if (token === undefined || token === '') return { problem: `${variable} is not set in the environment the client starts with (bearer_token_env_var)` };
  return { headers: { Authorization: `Bearer ${token}` } };
}

function expandWith(pattern: RegExp, text: string, environment: NodeJS.ProcessEnv): string | { problem: string } {
  const missing: string[] = [];
  const expanded = text.replace(pattern, (_match, name: string, fallback: unknown) => {
    const value = environment[name];
    if (value !== undefined && value !== '') return value;
    // A pattern without a default group passes the match offset here, a number.
    if (typeof fallback === 'string') return fallback;
    missing.push(name);
    return '';
  });
  return missing.length === 0 ? expanded : { problem: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set in the environment the client starts with` };
}

function expandVscodeInput(text: string, environment: NodeJS.ProcessEnv): string | { problem: string } {
  if (!text.includes(`\${input:${VSCODE_TOKEN_INPUT}}`)) return text;
  const token = environment[TOKEN_VARIABLE];
  if (token === undefined || token === '') return { problem: `VS Code asks for the token when it starts the server; set ${TOKEN_VARIABLE} to check the entry with it` };
  return text.split(`\${input:${VSCODE_TOKEN_INPUT}}`).join(token);
}

function asStrings(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
}
