import { parse } from 'yaml';
import { byteOrderMarkLength } from './byte-order-mark';
import type { FrontMatterCache, FrontmatterLinkCache } from './types';
import type { SourceText } from './source-text';
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

/**
 * Finds frontmatter: `---` on line 0 and the next `---` line closes it. Without a closing line
 * there is none (the first line is then an ordinary thematic break). A leading byte order mark
 * is skipped: `\uFEFF---` opens frontmatter too (see `byteOrderMarkLength`).
 */
export function findFrontmatter(source: SourceText): FrontmatterBlock | null {
  const start = byteOrderMarkLength(source.content);
  if (!isDelimiterLine(source, 0, start)) return null;
  for (let line = 1; line < source.lineStarts.length; line += 1) {
    if (!isDelimiterLine(source, line)) continue;
    const closingStart = source.lineStarts[line] ?? 0;
    const yamlText = source.content.slice(source.lineStarts[1] ?? 0, closingStart);
    return { start, end: closingStart + 3, bodyLine: line + 1, data: parseYamlMapping(yamlText) };
  }
  return null;
}

/** True when the line, read from `skip` code units after its start, is a `---` delimiter. */
function isDelimiterLine(source: SourceText, line: number, skip = 0): boolean {
  const start = (source.lineStarts[line] ?? 0) + skip;
  const end = source.lineEnds[line];
  if (end === undefined || end - start < 3) return false;
  return DELIMITER.test(source.content.slice(start, end));
}

/**
 * Parses YAML with the `yaml` package's YAML 1.2 core schema, which matches the captures: dates
 * stay strings, empty values and empty list items are null, JSON is accepted. Invalid YAML
 * (including duplicate keys) gives null, like an empty block: Obsidian then keeps the `yaml`
 * section but reports no frontmatter.
 */
export function parseYamlMapping(yamlText: string): FrontMatterCache | null {
  let value: unknown;
  try {
    value = parse(yamlText, { logLevel: 'error' });
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
