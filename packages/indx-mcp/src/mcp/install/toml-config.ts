import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'smol-toml';
import { IndxError } from '../../../../../src/core/errors';
import type { ConfigDocument } from './config-document';
import { ENTRY_NAME } from './server-entry';

type TomlTable = Record<string, unknown>;

/** `[mcp_servers.indx]` and its sub-tables (`[mcp_servers.indx.env]`), in any quoting. */
const ENTRY_HEADER = /^\s*\[\s*mcp_servers\s*\.\s*(?:indx|"indx"|'indx')\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$/;
const ANY_HEADER = /^\s*\[/;

/**
 * A Codex `config.toml`, servers under `[mcp_servers]`. The edit is made in the text, so that
 * comments and the layout of every other table stay as they were: the `indx` tables are cut out
 * and the new ones appended. The result is parsed back and compared with the intended
 * configuration; when the text edit cannot express it (the entry written inline, say), the whole
 * file is re-printed from the parsed data, which keeps every value but not the comments.
 */
export function parseTomlConfig(text: string, file: string): ConfigDocument {
  const root = parseRoot(text, file);
  const servers = root.mcp_servers;
  if (servers !== undefined && !isTable(servers)) throw new IndxError('invalid_input', `"mcp_servers" in ${file} is not a table. Fix it by hand, then retry.`, { path: file });
  const others = Object.fromEntries(Object.entries(servers ?? {}).filter(([name]) => name !== ENTRY_NAME));
  return {
    entry: servers?.[ENTRY_NAME],
    declaresInputs: () => true,
    withEntry: ({ entry }) => edit(text, { ...root, mcp_servers: { ...others, [ENTRY_NAME]: entry } }, stringify({ mcp_servers: { [ENTRY_NAME]: entry } })),
    withoutEntry: () => edit(text, { ...root, mcp_servers: others }, ''),
  };
}

function edit(text: string, intended: TomlTable, appended: string): string {
  const kept = withoutEntryTables(text).trimEnd();
  const edited = [kept, appended.trim()].filter((part) => part !== '').join('\n\n') + '\n';
  const parsesAsIntended = (() => {
    try {
      return isDeepStrictEqual(toComparable(parse(edited)), toComparable(intended));
    } catch {
      return false;
    }
  })();
  return parsesAsIntended ? edited : `${stringify(intended).trim()}\n`;
}

/** The text without the `indx` tables (each runs to the next header; comments just above the next header stay with it). */
function withoutEntryTables(text: string): string {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (let index = 0; index < lines.length; ) {
    const line = lines[index] ?? '';
    if (!ENTRY_HEADER.test(line)) {
      kept.push(line);
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < lines.length && !ANY_HEADER.test(lines[end] ?? '')) end += 1;
    let commentStart = end;
    while (commentStart > index + 1 && /^\s*#/.test(lines[commentStart - 1] ?? '')) commentStart -= 1;
    kept.push(...lines.slice(commentStart, end));
    index = end;
  }
  return kept.join('\n');
}

function parseRoot(text: string, file: string): TomlTable {
  try {
    return parse(text);
  } catch (error: unknown) {
    throw new IndxError('invalid_input', `${file} is not valid TOML${whereTomlFailed(error)}. Fix it by hand (or move it away), then retry.`, { path: file }, { cause: error });
  }
}

/**
 * What the parser found wrong and where, as ` (reason, line L, column C)`. Security: only the first
 * line of its message, which names the problem; the following lines quote the file, which may
 * hold a token.
 */
function whereTomlFailed(error: unknown): string {
  const reason = (error instanceof Error ? error.message.split('\n')[0] ?? '' : '').replace(/^Invalid TOML document:\s*/, '');
  const { line, column } = error as { line?: unknown; column?: unknown };
  const where = typeof line === 'number' && typeof column === 'number' ? `line ${line}, column ${column}` : '';
  const parts = [reason, where].filter((part) => part !== '');
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/** Parsed TOML as plain JSON data (dates as their text) without an empty `mcp_servers` table, for comparison. */
function toComparable(table: TomlTable): unknown {
  const plain = JSON.parse(JSON.stringify(table)) as TomlTable;
  if (isTable(plain.mcp_servers) && Object.keys(plain.mcp_servers).length === 0) delete plain.mcp_servers;
  return plain;
}

function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
