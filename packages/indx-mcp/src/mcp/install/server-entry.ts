import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** The name the entry is installed under in every client. */
export const ENTRY_NAME = 'indx';

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
 * start from `--token-file FILE`. Security: a token is only ever copied from what the user
 * supplied, never made up.
 */
export function buildServerEntry(options: ServerEntryOptions): ServerEntry {
  const vault = options.vault === undefined ? [] : ['--vault', resolve(options.vault)];
  const tokenFile = options.tokenFile === undefined ? [] : ['--token-file', resolve(options.tokenFile)];
  const token = options.token ?? null;
  return { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', ...vault, ...tokenFile], ...(token === null ? {} : { env: { INDX_TOKEN: token } }) };
}

/** True when the entry carries a secret (`env.INDX_TOKEN`): its file must then be private. */
export function hasEmbeddedSecret(entry: ServerEntry): boolean {
  return entry.env !== undefined && Object.keys(entry.env).length > 0;
}

/** True when an entry read from a file is `entry` (compared as JSON data: parsers differ in prototypes and key order). */
export function isSameEntry(existing: unknown, entry: ServerEntry): boolean {
  return isDeepStrictEqual(toPlain(existing), toPlain(entry));
}

function toPlain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
