import { resolve } from 'node:path';
import { isLoopbackHostname } from '../http/loopback';

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

/**
 * What an HTTP entry resolves to when its client starts it: the URL and headers it sends; or why
 * it is not tried, as a failure (it cannot reach indx: no URL, not this computer) or as not
 * checked (it needs something indx does not fill in).
 */
export type ResolvedHttpEntry = { url: string; headers: Record<string, string> } | EntryProblem;

/** Why an entry is not tried: `failing` when it cannot work, `unchecked` when indx cannot tell. */
export interface EntryProblem {
  problem: string;
  verdict: 'failing' | 'unchecked';
}

interface HttpDialect {
  /** The entry, with `authorization` (`Bearer …`) placed where the client reads headers. */
  build(url: string, authorization: string, token: TokenSource): EntryPlan;
  /** How the client writes a reference to the token in a header (what indx writes). */
  reference: string;
  /** Every way the client lets a header name INDX_TOKEN (or its prompt for it): what a check fills in. */
  tokenReferences: readonly string[];
  /** Headers the client adds from other fields of the entry (Codex: `bearer_token_env_var`). */
  extraHeaders?(entry: ClientEntry, token: string | undefined): { headers: Record<string, string> } | EntryProblem;
}

const VSCODE_INPUT: ClientEntry = { type: 'promptString', id: VSCODE_TOKEN_INPUT, description: 'indx access token (Obsidian: Settings → indx → Access tokens)', password: true };

const bearerHeaders = (url: string, authorization: string): ClientEntry => ({ url, headers: { Authorization: authorization } });

// Each client's documented format (docs/decisions/0008-client-entries.md has the sources).
const DIALECTS: Record<HttpClient, HttpDialect> = {
  // Claude Code skips an entry with a URL but no `type`; it expands ${VAR} from its environment.
  'claude-code': {
    build: (url, authorization) => ({ entry: { type: 'http', ...bearerHeaders(url, authorization) } }),
    reference: `\${${TOKEN_VARIABLE}}`,
    tokenReferences: [`\${${TOKEN_VARIABLE}}`],
  },
  cursor: {
    build: (url, authorization) => ({ entry: bearerHeaders(url, authorization) }),
    reference: `\${env:${TOKEN_VARIABLE}}`,
    tokenReferences: [`\${env:${TOKEN_VARIABLE}}`],
  },
  // Codex: `bearer_token_env_var` names the variable; literal headers go in `http_headers` (never `bearer_token`, a fatal error there).
  codex: {
    build: (url, authorization, token) => ({ entry: token.kind === 'literal' ? { url, http_headers: { Authorization: authorization } } : { url, bearer_token_env_var: TOKEN_VARIABLE } }),
    reference: '',
    tokenReferences: [],
    extraHeaders: (entry, token) => bearerFromVariable(entry.bearer_token_env_var, token),
  },
  vscode: {
    build: (url, authorization, token) => ({ entry: { type: 'http', ...bearerHeaders(url, authorization) }, ...(token.kind === 'reference' ? { inputs: [VSCODE_INPUT] } : {}) }),
    reference: `\${input:${VSCODE_TOKEN_INPUT}}`,
    tokenReferences: [`\${input:${VSCODE_TOKEN_INPUT}}`, `\${env:${TOKEN_VARIABLE}}`],
  },
  http: {
    build: (url, authorization) => ({ entry: { type: 'http', ...bearerHeaders(url, authorization) } }),
    reference: `\${${TOKEN_VARIABLE}}`,
    tokenReferences: [],
  },
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
 * What `entry` of `client` sends when the client starts it, or why indx does not try it.
 * Security: a check must not become a way to send secrets elsewhere, and project files are
 * anyone's: only the client's references to INDX_TOKEN (VS Code: its prompt) are filled in,
 * from `environment`; an entry using any other variable is not tried, nor one whose URL is not
 * `http://` on this computer's loopback (indx listens nowhere else).
 */
export function resolveHttpEntry(client: HttpClient, entry: ClientEntry, environment: NodeJS.ProcessEnv): ResolvedHttpEntry {
  const dialect = DIALECTS[client];
  const token = nonEmpty(environment[TOKEN_VARIABLE]);
  if (typeof entry.url !== 'string') return { problem: 'the entry has no URL', verdict: 'failing' };
  if (!isLoopbackHttp(entry.url)) return { problem: `${JSON.stringify(entry.url)} is not an http:// address on this computer (127.0.0.1, localhost or [::1]), where indx listens; nothing was sent to it`, verdict: 'failing' };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...asStrings(entry.headers), ...asStrings(entry.http_headers) })) {
    const filled = fillTokenReferences(value, dialect.tokenReferences, token);
    if (typeof filled !== 'string') return filled;
    headers[name] = filled;
  }
  const extra = dialect.extraHeaders?.(entry, token) ?? { headers: {} };
  return 'problem' in extra ? extra : { url: entry.url, headers: { ...headers, ...extra.headers } };
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

function bearerFromVariable(variable: unknown, token: string | undefined): { headers: Record<string, string> } | EntryProblem {
  if (variable === undefined) return { headers: {} };
  if (variable !== TOKEN_VARIABLE) return { problem: `the entry reads its token from ${JSON.stringify(variable)}; indx fills in ${TOKEN_VARIABLE} only`, verdict: 'unchecked' };
  return token === undefined ? MISSING_TOKEN : { headers: { Authorization: `Bearer ${token}` } };
}

const MISSING_TOKEN: EntryProblem = { problem: `${TOKEN_VARIABLE} is not set here, so the entry's token reference cannot be filled in (the client needs it in its own environment, or asks for it)`, verdict: 'unchecked' };

/** `text` with each of `references` replaced by `token`; any other `${…}` left is a reason not to try the entry. */
function fillTokenReferences(text: string, references: readonly string[], token: string | undefined): string | EntryProblem {
  const used = references.filter((reference) => text.includes(reference));
  if (used.length > 0 && token === undefined) return MISSING_TOKEN;
  const filled = used.reduce((current, reference) => current.split(reference).join(token ?? ''), text);
  const other = /\$\{[^}]*\}/.exec(filled)?.[0];
  return other === undefined ? filled : { problem: `the entry uses ${other}, a variable indx does not fill in (only ${TOKEN_VARIABLE})`, verdict: 'unchecked' };
}

function isLoopbackHttp(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname);
  } catch {
    return false;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function asStrings(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
}
