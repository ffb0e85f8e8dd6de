import type { JsonObject, JsonValue } from './canvas-document';
import { OBSIDIAN_LAYOUT, type CanvasLayout, type ElementStyle, type Glue } from './canvas-layout';
import { findMember, type JsonSpan } from './locate-json-spans';
import { normalizeCanvas } from './normalize-canvas';
import type { ParsedCanvas } from './parse-canvas';

/**
 * Writes a canvas as text, in the layout of the file it replaces (`previous`) or in Obsidian's
 * layout for a new file. When the document equals the previous one (missing `nodes`/`edges`
 * counting as empty), the previous text comes back byte for byte. Otherwise every node, edge and
 * top-level value that did not change keeps its exact bytes; changed and new ones are written in
 * the file's style. Both `nodes` and `edges` are always written, as Obsidian does. Top-level
 * keys keep the file's order (schema validation puts `nodes` and `edges` first); new ones follow.
 */
export function serializeCanvas(next: JsonObject, previous: ParsedCanvas | null): string {
  const before = previous === null ? null : normalizeCanvas(previous.root);
  const document = before === null ? normalizeCanvas(next) : inOrderOf(normalizeCanvas(next), before);
  if (previous !== null && sameJson(before, document)) return previous.text;
  return writeDocument({ text: previous?.text ?? '', span: previous?.span ?? null, layout: previous?.layout ?? OBSIDIAN_LAYOUT }, document);
}

/** True when two JSON values are equal, key order included. */
function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** `document` with the top-level keys it shares with `previous` in `previous`'s order, then its own. */
function inOrderOf(document: JsonObject, previous: JsonObject): JsonObject {
  const keys = [...Object.keys(previous).filter((key) => Object.hasOwn(document, key)), ...Object.keys(document).filter((key) => !Object.hasOwn(previous, key))];
  return Object.fromEntries(keys.map((key) => [key, document[key]])) as JsonObject;
}

/** The file being replaced: its text, where its values are written and its layout. */
interface Source {
  text: string;
  span: (JsonSpan & { kind: 'object' }) | null;
  layout: CanvasLayout;
}

function writeDocument(source: Source, document: JsonObject): string {
  const { layout } = source;
  const members = Object.entries(document).map(([key, value]) => JSON.stringify(key) + layout.colon + memberValue(source, key, value));
  const body = members.length === 0 ? '' : layout.root.open + members.join(layout.root.separator) + layout.root.close;
  return `${layout.prefix}{${body}}${layout.suffix}`;
}

function memberValue(source: Source, key: string, value: JsonValue): string {
  const { layout, text } = source;
  const original = source.span === null ? undefined : findMember(source.span.members, key)?.value;
  if ((key === 'nodes' || key === 'edges') && Array.isArray(value)) return elements(source, value, layout[key], original);
  const originalText = original === undefined ? null : text.slice(original.start, original.end);
  if (originalText !== null && sameJson(JSON.parse(originalText), value)) return originalText;
  return styledJson(layout, value, 1);
}

/** A `nodes` or `edges` array: each element that was already there, unchanged, keeps its bytes. */
function elements(source: Source, values: JsonValue[], glue: Glue, original: JsonSpan | undefined): string {
  if (values.length === 0) return '[]';
  const reusable = reusableTexts(source.text, original);
  const parts = values.map((value) => reusable.get(JSON.stringify(value))?.shift() ?? element(source.layout, value));
  return `[${glue.open}${parts.join(glue.separator)}${glue.close}]`;
}

/** The original texts of an array's elements, by their canonical JSON. */
function reusableTexts(text: string, original: JsonSpan | undefined): Map<string, string[]> {
  const reusable = new Map<string, string[]>();
  if (original?.kind !== 'array') return reusable;
  for (const item of original.items) {
    const itemText = text.slice(item.start, item.end);
    const key = JSON.stringify(JSON.parse(itemText));
    const texts = reusable.get(key);
    if (texts === undefined) reusable.set(key, [itemText]);
    else texts.push(itemText);
  }
  return reusable;
}

/** A new or changed node or edge (two levels deep), written in the file's element style. */
function element(layout: CanvasLayout, value: JsonValue): string {
  return styledJson(layout, value, 2);
}

/**
 * A new or changed value `depth` levels below the root, in the file's element style: on one line
 * with its spacing (Obsidian's compact JSON), or one member per line with its indentation and
 * colon (`JSON.stringify(data, null, indent)` style). Extra top-level values follow the same style,
 * so a changed `metadata` in an Obsidian file stays compact.
 */
function styledJson(layout: CanvasLayout, value: JsonValue, depth: number): string {
  const { element: style, indent, newline } = layout;
  if (style.multiline && newline !== '') return multilineJson(value, style.colon, indent, newline + indent.repeat(depth));
  return inlineJson(value, style);
}

/** JSON on one line with the element style's spacing after colons and commas (plain `JSON.stringify` for Obsidian's). */
function inlineJson(value: JsonValue, style: ElementStyle): string {
  if (Array.isArray(value)) return `[${value.map((item) => inlineJson(item, style)).join(style.comma)}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  return `{${Object.entries(value).map(([key, member]) => JSON.stringify(key) + style.colon + inlineJson(member, style)).join(style.comma)}}`;
}

/** JSON with one member or item per line, each line starting with `lineStart` plus one `indent` per level; empty containers stay `{}` and `[]`. */
function multilineJson(value: JsonValue, colon: string, indent: string, lineStart: string): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = lineStart + indent;
  const [open, close, parts] = Array.isArray(value)
    ? ['[', ']', value.map((item) => multilineJson(item, colon, indent, inner))]
    : ['{', '}', Object.entries(value).map(([key, member]) => JSON.stringify(key) + colon + multilineJson(member, colon, indent, inner))];
  return parts.length === 0 ? open + close : `${open}${inner}${parts.join(`,${inner}`)}${lineStart}${close}`;
}
