import type { ListItemNode } from './block-nodes';
import { type ContentLine, isBlank, measureIndent, stripColumns } from './content-line';
import { isThematicBreak } from './block-starts';
import { interruptsLazyLine } from './block-interrupts';
import { type ListMarker, listMarkerAt } from './list-marker';
import { type BlockResult, type ParseChildren, lineAtIndex } from './block-result';

/**
 * Lists, following the line rules Obsidian's parser uses (they differ from CommonMark in
 * places the captures pin down):
 * - a line indented at least as far as the item's content belongs to the item;
 * - a marker line with another bullet character (or `.` versus `)`) ends the list;
 * - after a blank line, an unindented line that is not a marker ends the list;
 * - an item followed by blank lines and then a sibling ends at column 0 of the next line;
 * - an item's own position starts at the beginning of its line inside its container, so a
 *   nested item includes the indentation left after the parent's content width is removed.
 */

/** The source lines of one item while the list is collected. */
interface ItemLines {
  marker: ListMarker;
  lineIndexes: number[];
  blankAfter: number;
}

/** Parses the list starting at `lines[index]`, or returns null when no marker is there. */
export function listAt(content: string, lines: ContentLine[], index: number, parseChildren: ParseChildren): BlockResult | null {
  const firstLine = lineAtIndex(lines, index);
  const first = listMarkerAt(content, firstLine);
  if (first === null || isThematicBreak(content, firstLine)) return null;
  const { items, next } = collectItems(content, lines, index, first);
  const nodes = items.map((item) => buildItem(content, lines, item, parseChildren));
  const lastItem = items[items.length - 1];
  const lastIndex = lastItem?.lineIndexes[lastItem.lineIndexes.length - 1] ?? index;
  return {
    node: { kind: 'list', start: firstLine.start, end: lineAtIndex(lines, lastIndex).end, items: nodes },
    next,
  };
}

/** Groups the lines of the list into items. */
function collectItems(content: string, lines: ContentLine[], index: number, first: ListMarker): { items: ItemLines[]; next: number } {
  let current: ItemLines = { marker: first, lineIndexes: [index], blankAfter: -1 };
  const items = [current];
  let blanks: number[] = [];
  let next = index + 1;
  for (; next < lines.length; next += 1) {
    const line = lineAtIndex(lines, next);
    if (isBlank(content, line)) {
      blanks.push(next);
      continue;
    }
    if (measureIndent(content, line).columns >= current.marker.indent) {
      current.lineIndexes.push(...blanks, next);
      blanks = [];
      continue;
    }
    const marker = isThematicBreak(content, line) ? null : listMarkerAt(content, line);
    if (marker !== null) {
      if (marker.delimiter !== first.delimiter) break;
      if (blanks.length > 0) current.blankAfter = blanks[0] ?? -1;
      current = { marker, lineIndexes: [next], blankAfter: -1 };
      items.push(current);
      blanks = [];
      continue;
    }
    if (blanks.length > 0 || interruptsLazyLine(content, line)) break;
    current.lineIndexes.push(next);
  }
  return { items, next: blanks[0] ?? next };
}

/** Builds one item: strips its content width from continuation lines and parses its blocks. */
function buildItem(content: string, lines: ContentLine[], item: ItemLines, parseChildren: ParseChildren): ListItemNode {
  const [firstIndex = 0, ...rest] = item.lineIndexes;
  const firstLine = lineAtIndex(lines, firstIndex);
  const continuation = rest.map((lineIndex) => lineAtIndex(lines, lineIndex));
  const width = Math.min(item.marker.contentColumns, smallestIndent(content, continuation));
  const contentLines = [
    { line: firstLine.line, start: item.marker.contentStart, end: firstLine.end },
    ...continuation.map((line) => stripColumns(content, line, width)),
  ];
  const lastLine = continuation[continuation.length - 1] ?? firstLine;
  const end = item.blankAfter === -1 ? lastLine.end : lineAtIndex(lines, item.blankAfter).start;
  const node: ListItemNode = { line: firstLine.line, start: firstLine.start, end, children: parseChildren(contentLines) };
  if (item.marker.task !== undefined) node.task = item.marker.task;
  return node;
}

/** The smallest non-zero indentation among non-blank lines (zero-indent lazy lines ignored). */
function smallestIndent(content: string, lines: ContentLine[]): number {
  let smallest = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const indent = measureIndent(content, line);
    if (indent.textStart < line.end && indent.columns > 0) smallest = Math.min(smallest, indent.columns);
  }
  return smallest;
}
