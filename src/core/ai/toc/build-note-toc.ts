import type { OutlineEntry } from '../../markdown/build-outline';
import { toHeadingLinkText } from './heading-link-text';
import type { TocNode } from './toc-node';

/**
 * Turns a note's outline into table of contents nodes: headings deeper than `depth` are left
 * out, the rest nest under the nearest shallower heading kept. Each node's anchor is the subpath
 * Obsidian links the heading by (`toHeadingLinkText`); a heading whose subpath another heading
 * of the note shares is anchored by its ancestors' too (`Plan#Open questions`), the nested form
 * Obsidian resolves. `descriptions` (by heading line) fill `description`.
 */
export function buildNoteToc(outline: readonly OutlineEntry[], depth: number, descriptions: ReadonlyMap<number, string> = new Map()): TocNode[] {
  const counts = countAnchors(outline);
  const roots: TocNode[] = [];
  const open: { level: number; node: TocNode }[] = [];
  for (const entry of outline.filter((candidate) => candidate.level <= depth)) {
    const node = toNode(entry, counts, descriptions.get(entry.line));
    while (open.length > 0 && (open[open.length - 1]?.level ?? 0) >= entry.level) open.pop();
    const parent = open[open.length - 1]?.node;
    if (parent === undefined) roots.push(node);
    else (parent.children ??= []).push(node);
    open.push({ level: entry.level, node });
  }
  return roots;
}

function toNode(entry: OutlineEntry, counts: ReadonlyMap<string, number>, description: string | undefined): TocNode {
  const own = toHeadingLinkText(entry.heading);
  const anchor = (counts.get(own) ?? 0) > 1 ? entry.path.map(toHeadingLinkText).join('#') : own;
  return { title: entry.heading, anchor, line: entry.line, ...(description === undefined ? {} : { description }) };
}

function countAnchors(outline: readonly OutlineEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of outline) {
    const anchor = toHeadingLinkText(entry.heading);
    counts.set(anchor, (counts.get(anchor) ?? 0) + 1);
  }
  return counts;
}
