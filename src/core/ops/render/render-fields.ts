/**
 * The generic text of a result, for a model that reads a tool's `content` rather than its
 * `structuredContent`: the one-line summary, then every field of the output, compact and in
 * the output's own order. A long or multi-line string becomes a block; a list puts one item per
 * line (short scalars share one line); an object lists its fields indented below its name, and
 * anything deeper stays on one line as JSON. Deterministic: the same output, the same text.
 */
export function renderFields(output: unknown, summary: string, skip: readonly string[] = []): string {
  const lines = [summary];
  if (!isRecord(output)) return [...lines, inline(output)].join('\n');
  for (const [key, value] of Object.entries(output)) {
    if (value === undefined || skip.includes(key)) continue;
    lines.push(...fieldLines(key, value, ''));
  }
  return lines.join('\n');
}

/** Strings longer than this are written as a block under their name, not after it. */
const INLINE_STRING_LIMIT = 160;

/** Lists of scalars share one line while every item is at most this long. */
const SHARED_LINE_ITEM_LIMIT = 40;

function fieldLines(key: string, value: unknown, indent: string): string[] {
  if (typeof value === 'string' && (value.includes('\n') || value.length > INLINE_STRING_LIMIT)) return [`${indent}${key}:`, indent === '' ? value : indentBlock(value, `${indent}  `)];
  if (isRecord(value) && indent === '' && Object.keys(value).length > 0) {
    return [`${key}:`, ...Object.entries(value).flatMap(([name, item]) => (item === undefined ? [] : fieldLines(name, item, '  ')))];
  }
  if (!Array.isArray(value)) return [`${indent}${key}: ${inline(value)}`];
  if (value.length === 0) return [`${indent}${key}: (none)`];
  if (value.every((item) => isScalar(item) && inline(item).length <= SHARED_LINE_ITEM_LIMIT)) return [`${indent}${key}: ${value.map(inline).join(', ')}`];
  return [`${indent}${key} (${value.length}):`, ...value.map((item) => `${indent}- ${inlineItem(item)}`)];
}

function indentBlock(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${indent}${line}`))
    .join('\n');
}

/** One item of a list on one line: an object as `name: value` pairs, anything else inline. */
export function inlineItem(item: unknown): string {
  if (!isRecord(item)) return inline(item);
  return Object.entries(item)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${inline(value)}`)
    .join(' · ');
}

/** A value on one line: scalars as written (a string with a line break as JSON), lists of scalars bracketed, the rest as JSON. */
export function inline(value: unknown): string {
  if (typeof value === 'string') return /[\n\r]/.test(value) ? JSON.stringify(value) : value;
  if (isScalar(value)) return String(value);
  if (Array.isArray(value) && value.every(isScalar)) return `[${value.map(inline).join(', ')}]`;
  return JSON.stringify(value) ?? 'undefined';
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
