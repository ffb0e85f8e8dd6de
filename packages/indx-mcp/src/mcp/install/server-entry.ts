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

/**
 * The entry that starts `indx mcp serve --stdio` through npx (so no global install is needed),
 * with `--vault DIR` (absolute) when given, and the token in `env.INDX_TOKEN` when one was given.
 * Security: a token is only ever copied from what the user supplied, never made up.
 */
export function buildServerEntry(options: { vault?: string; token?: string | null }): ServerEntry {
  const args = ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', ...(options.vault === undefined ? [] : ['--vault', resolve(options.vault)])];
  const token = options.token ?? null;
  return { command: 'npx', args, ...(token === null ? {} : { env: { INDX_TOKEN: token } }) };
}

/** True when an entry read from a file is `entry` (compared as JSON data: parsers differ in prototypes and key order). */
export function isSameEntry(existing: unknown, entry: ServerEntry): boolean {
  return isDeepStrictEqual(toPlain(existing), toPlain(entry));
}

function toPlain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** The entry with its token replaced by a marker, for printing: output never shows a secret. */
export function redactEntry(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || !('env' in entry)) return entry;
  const env = entry.env;
  if (typeof env !== 'object' || env === null || !('INDX_TOKEN' in env)) return entry;
  return { ...entry, env: { ...env, INDX_TOKEN: '<set>' } };
}
