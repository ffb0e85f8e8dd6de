import { IndxError } from '../../../../../src/core/errors';
import type { ConfigDocument } from './config-document';
import { ENTRY_NAME } from './server-entry';

type JsonObject = Record<string, unknown>;

/**
 * A JSON configuration keeping servers under `serversKey`: `mcpServers` (Claude Desktop, Claude
 * Code, Cursor) or `servers` (VS Code, whose top-level `inputs` list gets the inputs an entry
 * uses, once each by id). Every other key keeps its value and place; the file is re-indented the
 * way it was (2 spaces when it cannot tell). `invalid_input` when the file is not a JSON object,
 * so a file the user broke by hand is never overwritten.
 */
export function parseJsonConfig(text: string, file: string, serversKey: string): ConfigDocument {
  const root = parseRoot(text, file);
  const servers = root[serversKey];
  if (servers !== undefined && !isObject(servers)) throw new IndxError('invalid_input', `"${serversKey}" in ${file} is not an object. Fix it by hand, then retry.`, { path: file });
  if (root.inputs !== undefined && !Array.isArray(root.inputs)) throw new IndxError('invalid_input', `"inputs" in ${file} is not a list. Fix it by hand, then retry.`, { path: file });
  const indent = detectIndent(text);
  const print = (value: JsonObject): string => `${JSON.stringify(value, null, indent)}\n`;
  return {
    entry: servers?.[ENTRY_NAME],
    declaresInputs: (plan) => missingInputs(root.inputs, plan.inputs).length === 0,
    withEntry: (plan) => print({ ...root, ...withInputs(root.inputs, plan.inputs), [serversKey]: { ...servers, [ENTRY_NAME]: plan.entry } }),
    withoutEntry: () => print({ ...root, [serversKey]: withoutKey(servers ?? {}, ENTRY_NAME) }),
  };
}

/** `{inputs}` holding `existing` plus each of `wanted` whose id is not there yet; nothing when none is wanted. */
function withInputs(existing: unknown, wanted: readonly JsonObject[] | undefined): JsonObject {
  if (wanted === undefined || wanted.length === 0) return {};
  return { inputs: [...(Array.isArray(existing) ? (existing as unknown[]) : []), ...missingInputs(existing, wanted)] };
}

/** The items of `wanted` whose id `existing` (the file's `inputs`) does not declare. */
function missingInputs(existing: unknown, wanted: readonly JsonObject[] | undefined): JsonObject[] {
  const ids = new Set((Array.isArray(existing) ? (existing as unknown[]) : []).map((input) => (isObject(input) ? input.id : undefined)));
  return (wanted ?? []).filter((input) => !ids.has(input.id));
}

function parseRoot(text: string, file: string): JsonObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error: unknown) {
    throw new IndxError('invalid_input', `${file} is not valid JSON${whereJsonFailed(error, text)}. Fix it by hand (or move it away), then retry.`, { path: file }, { cause: error });
  }
  if (!isObject(parsed)) throw new IndxError('invalid_input', `${file} does not hold a JSON object. Fix it by hand (or move it away), then retry.`, { path: file });
  return parsed;
}

/**
 * Where the parser stopped, as ` (line L, column C)`. Security: the parser's own message is not
 * shown, because V8 quotes the text around the error, which may be a token.
 */
function whereJsonFailed(error: unknown, text: string): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return '';
  const before = text.slice(0, Number(position)).split('\n');
  return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

function withoutKey(object: JsonObject, key: string): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

/** The indentation of the first indented line: a tab, or that many spaces (2 by default). */
function detectIndent(text: string): string | number {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent === undefined) return 2;
  return indent.startsWith('\t') ? '\t' : indent.length;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
