import { redactSecrets } from './redact-secrets';

/** What `indx mcp status` shows of an entry, whichever shape it has; never a secret. */
export interface EntryShape {
  /** `stdio`: a command the client starts; `http`: a URL it connects to; `unknown`: neither. */
  transport: 'stdio' | 'http' | 'unknown';
  /** The command line (stdio) or the URL (http), secrets redacted; null for `unknown`. */
  target: string | null;
  /** Where the client gets its token: `env.INDX_TOKEN`, an `Authorization` header, `--token-file`, or a variable the client expands (`reference`). */
  token_source: 'env' | 'header' | 'token_file' | 'reference' | null;
  /** The names of the HTTP headers the entry sends (values are never shown). */
  header_names: string[];
}

/**
 * Reads the shape of an `indx` entry: the stdio entry the installer writes (`command`, `args`,
 * `env`), or an HTTP entry as the plugin's configuration snippets write it (`url`, `headers`;
 * Codex: `url`, `http_headers`, `bearer_token_env_var`).
 */
export function inspectEntry(entry: unknown): EntryShape {
  const fields = isRecord(entry) ? entry : {};
  const headers = { ...asRecord(fields.headers), ...asRecord(fields.http_headers) };
  const headerNames = Object.keys(headers);
  if (typeof fields.url === 'string') return { transport: 'http', target: redactSecrets(fields.url) as string, token_source: headerTokenSource(fields, headers), header_names: headerNames };
  if (typeof fields.command !== 'string') return { transport: 'unknown', target: null, token_source: null, header_names: headerNames };
  const args = Array.isArray(fields.args) ? (redactSecrets(fields.args) as unknown[]) : [];
  const target = [fields.command, ...args].map(String).join(' ');
  return { transport: 'stdio', target, token_source: stdioTokenSource(fields), header_names: headerNames };
}

function stdioTokenSource(fields: Record<string, unknown>): EntryShape['token_source'] {
  if (Array.isArray(fields.args) && fields.args.some((arg) => arg === '--token-file' || (typeof arg === 'string' && arg.startsWith('--token-file=')))) return 'token_file';
  const token = asRecord(fields.env).INDX_TOKEN;
  return typeof token === 'string' && token !== '' ? 'env' : null;
}

function headerTokenSource(fields: Record<string, unknown>, headers: Record<string, unknown>): EntryShape['token_source'] {
  if (typeof fields.bearer_token_env_var === 'string') return 'reference';
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  if (typeof authorization !== 'string') return null;
  // `${INDX_TOKEN}`, `${env:INDX_TOKEN}`, `${input:indx-token}`: the client fills it in at start.
  return /\$\{[^}]+\}/.test(authorization) ? 'reference' : 'header';
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
