import type { BlockNode, ListItemNode, ListNode, ParagraphNode } from './block-nodes';
import type { ContentLine } from './content-line';
import type { ListItemCache, SectionCache } from './types';
import { trailingBlockId } from './block-id';
import { createInlineText } from './inline-text';
import { scanInlineText } from './inline-scanner';
import type { MetadataCollector } from './metadata-collector';
import { lineAt, positionOf } from './source-text';

/** Section types a standalone `^id` paragraph after them names (Obsidian's help on block ids). */
const ID_AFTER_TYPES = new Set(['list', 'blockquote', 'callout', 'table']);

/**
 * Walks one root block (call it for each root block in order): it becomes a section; headings
 * and footnotes are collected, list items at any depth, tags/links/embeds wherever inline text is.
 */
export function collectRootBlock(collector: MetadataCollector, node: BlockNode): void {
  const section: SectionCache = { type: node.kind, position: positionOf(collector.source, node.start, node.end) };
  const previous = collector.sections[collector.sections.length - 1];
  collector.sections.push(section);
  if (node.kind === 'paragraph') collectRootParagraph(collector, node, section, previous);
  else collectNode(collector, node, null);
  if (node.kind === 'heading') {
    collector.headings.push({ heading: node.text, level: node.level, position: section.position });
  }
}

/** A root paragraph: its `^id` names it, or the list/quote/table right above it. */
function collectRootParagraph(collector: MetadataCollector, node: ParagraphNode, section: SectionCache, previous: SectionCache | undefined): void {
  scanLines(collector, node.lines);
  const id = paragraphBlockId(collector, node);
  if (id === null) return;
  const text = collector.source.content.slice(node.start, node.end).trim();
  const target = text === `^${id}` && previous !== undefined && ID_AFTER_TYPES.has(previous.type) ? previous : section;
  target.id = id;
  collector.blocks[id] = { id, position: target.position };
}

/** Visits a block below the root; `parentLine` is the enclosing list item's line, if any. */
function collectNode(collector: MetadataCollector, node: BlockNode, parentLine: number | null): void {
  switch (node.kind) {
    case 'paragraph':
      return collectNestedParagraph(collector, node);
    case 'heading':
      return scanLines(collector, node.textLines);
    case 'comment':
      return scanLines(collector, node.innerLines);
    case 'table':
      return node.rows.forEach((row) => scanLines(collector, [row]));
    case 'blockquote':
    case 'callout':
      return node.children.forEach((child) => collectNode(collector, child, parentLine));
    case 'list':
      return collectList(collector, node, parentLine);
    case 'footnoteDefinition':
      collector.footnotes.push({ id: node.id, position: positionOf(collector.source, node.start, node.end) });
      return node.children.forEach((child) => collectNode(collector, child, parentLine));
    default:
      return undefined;
  }
}

/** A paragraph inside a container: a `^id` names the paragraph itself. */
function collectNestedParagraph(collector: MetadataCollector, node: ParagraphNode): void {
  scanLines(collector, node.lines);
  const id = paragraphBlockId(collector, node);
  if (id !== null) collector.blocks[id] = { id, position: positionOf(collector.source, node.start, node.end) };
}

/** The list items of a list, then their content. */
function collectList(collector: MetadataCollector, node: ListNode, parentLine: number | null): void {
  const firstLine = lineAt(collector.source, node.start);
  const rootParent = firstLine === 0 ? -1 : -firstLine;
  for (const item of node.items) {
    const cache = listItemCache(collector, item, parentLine ?? rootParent);
    collector.listItems.push(cache);
    item.children.forEach((child, index) => {
      if (index === ownTextIndex(item) && child.kind === 'paragraph') scanLines(collector, child.lines);
      else collectNode(collector, child, item.line);
    });
  }
}

/**
 * One list item. Its position ends with its own content: the last block before its first
 * nested list (so a parent ends on its own line, as every capture shows), or the whole item
 * when it has no nested list or nothing before one.
 */
function listItemCache(collector: MetadataCollector, item: ListItemNode, parent: number): ListItemCache {
  const own = item.children[ownTextIndex(item)];
  const hasList = item.children.some((child) => child.kind === 'list');
  const end = hasList && own !== undefined && own.kind !== 'list' ? own.end : item.end;
  const cache: ListItemCache = { parent, position: positionOf(collector.source, item.start, end) };
  if (item.task !== undefined) cache.task = item.task;
  const id = own?.kind === 'paragraph' ? paragraphBlockId(collector, own) : null;
  if (id !== null) {
    cache.id = id;
    collector.blocks[id] = { id, position: cache.position };
  }
  return cache;
}

/** Index of the item's last child before its first nested list (its own text). */
function ownTextIndex(item: ListItemNode): number {
  const firstList = item.children.findIndex((child) => child.kind === 'list');
  return (firstList === -1 ? item.children.length : firstList) - 1;
}

/** The `^id` ending a paragraph's last line, or null. */
function paragraphBlockId(collector: MetadataCollector, node: ParagraphNode): string | null {
  const last = node.lines[node.lines.length - 1];
  return last === undefined ? null : trailingBlockId(collector.source.content.slice(last.start, last.end));
}

/** Scans the inline text made of these content lines. */
function scanLines(collector: MetadataCollector, lines: ContentLine[]): void {
  if (lines.length === 0) return;
  scanInlineText(createInlineText(collector.source.content, lines), collector.findings);
}
