import { parseDocument } from 'yaml';
import type { TextEdit } from './apply-text-edits';
import type { YamlScalarSource } from './yaml-scalar-source';

/**
 * Builds the edit that replaces `value.slice(from, to)` of a YAML scalar with `replacement`,
 * keeping its quoting style. When the value is written verbatim only those bytes change (the
 * replacement escaped for the quote style); a plain scalar that would stop reading as the same
 * string gets double quotes; a scalar written with escapes is rewritten whole in its own style.
 */
export function editYamlScalar(scalar: YamlScalarSource, from: number, to: number, replacement: string): TextEdit {
  const value = scalar.value.slice(0, from) + replacement + scalar.value.slice(to);
  if (scalar.literalStart === null) return { start: scalar.start, end: scalar.end, replacement: quote(value, scalar.type) };
  if (scalar.type === 'PLAIN' && !readsAsPlainString(value, scalar.flow)) {
    return { start: scalar.start, end: scalar.end, replacement: JSON.stringify(value) };
  }
  const start = scalar.literalStart + from;
  return { start, end: scalar.literalStart + to, replacement: escapeInside(replacement, scalar.type) };
}

function quote(value: string, type: YamlScalarSource['type']): string {
  if (type === 'QUOTE_SINGLE') return `'${escapeInside(value, type)}'`;
  if (type === 'PLAIN' && readsAsPlainString(value, false)) return value;
  return JSON.stringify(value);
}

function escapeInside(text: string, type: YamlScalarSource['type']): string {
  if (type === 'QUOTE_SINGLE') return text.replace(/'/g, "''");
  // JSON string escapes are all valid YAML double-quoted escapes.
  if (type === 'QUOTE_DOUBLE') return JSON.stringify(text).slice(1, -1);
  return text;
}

function readsAsPlainString(value: string, flow: boolean): boolean {
  const document = parseDocument(flow ? `[${value}]` : `key: ${value}`);
  if (document.errors.length > 0 || document.warnings.length > 0) return false;
  const parsed: unknown = document.toJS();
  if (flow) return Array.isArray(parsed) && parsed.length === 1 && parsed[0] === value;
  return (parsed as Record<string, unknown>).key === value;
}
