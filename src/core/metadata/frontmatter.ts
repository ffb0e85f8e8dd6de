import { parseYaml } from '../yaml/parse-yaml';
import { NOT_SIMPLE, parseSimpleYamlMapping } from '../yaml/simple-yaml';
import { byteOrderMarkLength } from './byte-order-mark';
import type { FrontMatterCache, FrontmatterLinkCache } from './types';
import { endBeforeCarriageReturns, type SourceText } from './source-text';
import { parseWikilinkInner } from './wikilink';

/** Where the frontmatter block lies and what it holds. */
export interface FrontmatterBlock {
  /** Offset of the opening `---`: 0, or 1 after a byte order mark. */
  start: number;
  /** Offset just past the closing `---` (the newline excluded). */
  end: number;
  /** First line of the note body. */
  bodyLine: number;
  /** The parsed mapping; null when the YAML is empty, invalid or not a mapping. */
  data: FrontMatterCache | null;
}

/** A delimiter line: `---`, optionally followed by spaces or tabs. */
const DELIMITER = /^---[ \t]*$/;

/** Where a frontmatter block's lines lie, found without parsing its YAML. */
export interface FrontmatterLines {
  /** Offset of the opening `---`: 0, or 1 after a byte order mark. */
  start: number;
  /** Offset of the first YAML line (the line after the opening `---`). */
  yamlStart: number;
  /** Offset where the closing `---` line starts (the YAML ends there). */
  closingStart: number;
  /** The closing line's 0-based number. */
  closingLine: number;
  /** Offset just after the closing line and its line break (the text's length at the end). */
  after: number;
}

/**
 * Finds frontmatter: `---` on line 0 and the next `---` line closes it. Without a closing line
 * there is none (the first line is then an ordinary thematic break). A leading byte order mark
 * is skipped: `\uFEFF---` opens frontmatter too (see `byteOrderMarkLength`). Reads only the
 * block's own lines, so it costs nothing for the body: edits call it before and after changing
 * a note.
 */
export function locateFrontmatter(content: string): FrontmatterLines | null {
  const start = byteOrderMarkLength(content);
  let lineStart = start;
  let yamlStart = 0;
  for (let line = 0; ; line += 1) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? content.length : newline;
    const delimiter = isDelimiter(content, lineStart, lineEnd);
    if (line === 0 && !delimiter) return null;
    if (line > 0 && delimiter) return { start, yamlStart, closingStart: lineStart, closingLine: line, after: newline === -1 ? content.length : newline + 1 };
    if (newline === -1) return null;
    lineStart = newline + 1;
    if (line === 0) yamlStart = lineStart;
  }
}

/** True when the first line (after a byte order mark) is a `---` line, which may open frontmatter. */
export function opensWithDelimiter(content: string): boolean {
  const start = byteOrderMarkLength(content);
  const newline = content.indexOf('\n', start);
  return isDelimiter(content, start, newline === -1 ? content.length : newline);
}

/** True when `content[start..end)`, a line without its break, is a `---` delimiter (`\r`s at its end ignored). */
function isDelimiter(content: string, start: number, end: number): boolean {
  return DELIMITER.test(content.slice(start, endBeforeCarriageReturns(content, start, end)));
}

/** The frontmatter block of a parsed note, with its YAML parsed (see `locateFrontmatter`). */
export function findFrontmatter(source: SourceText): FrontmatterBlock | null {
  const lines = locateFrontmatter(source.content);
  if (lines === null) return null;
  const yamlText = source.content.slice(lines.yamlStart, lines.closingStart);
  return { start: lines.start, end: lines.closingStart + 3, bodyLine: lines.closingLine + 1, data: parseYamlMapping(yamlText) };
}

/**
 * Parses YAML with the `yaml` package's YAML 1.2 core schema, which matches the captures: dates
 * stay strings, empty values and empty list items are null, JSON is accepted. Invalid YAML
 * (including duplicate keys) gives null, like an empty block: Obsidian then keeps the `yaml`
 * section but reports no frontmatter. The simple YAML of almost every note is read by
 * `parseSimpleYamlMapping`, which gives the same value about ten times faster; the rest goes to
 * the package.
 */
export function parseYamlMapping(yamlText: string): FrontMatterCache | null {
  const simple = parseSimpleYamlMapping(yamlText);
  return simple === NOT_SIMPLE ? parseYamlMappingWithPackage(yamlText) : simple;
}

/**
 * `parseYamlMapping` through the `yaml` package for any text: the path for YAML outside the simple
 * subset, and the reference the fast path is tested against.
 */
export function parseYamlMappingWithPackage(yamlText: string): FrontMatterCache | null {
  let value: unknown;
  try {
    value = parseYaml(yamlText, { logLevel: 'error' });
  } catch {
    return null;
  }
  return isPlainMapping(value) ? value : null;
}

/** True for a plain object (not an array, not null). */
function isPlainMapping(value: unknown): value is FrontMatterCache {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The links in frontmatter values: a string that is exactly one `[[wikilink]]` (quoted in the
 * YAML). List items get keys like `related.0`, nested mappings `parent.child`.
 */
export function findFrontmatterLinks(data: FrontMatterCache): FrontmatterLinkCache[] {
  const links: FrontmatterLinkCache[] = [];
  for (const [key, value] of Object.entries(data)) collectLinks(value, key, links);
  return links;
}

/** Walks one value. */
function collectLinks(value: unknown, key: string, links: FrontmatterLinkCache[]): void {
  if (typeof value === 'string') {
    const link = wholeWikilink(value);
    if (link !== null) links.push({ key, ...link });
  } else if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => collectLinks(item, `${key}.${index}`, links));
  } else if (isPlainMapping(value)) {
    for (const [childKey, child] of Object.entries(value)) collectLinks(child, `${key}.${childKey}`, links);
  }
}

/** The link when `value` is exactly `[[…]]`. */
function wholeWikilink(value: string): { link: string; original: string; displayText: string } | null {
  if (!value.startsWith('[[') || !value.endsWith(']]') || value.length <= 4) return null;
  const inner = value.slice(2, -2);
  if (inner.includes(']]') || inner.includes('[[') || inner.includes('\n')) return null;
  return { ...parseWikilinkInner(inner), original: value };
}
