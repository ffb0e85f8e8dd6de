import { toLinkAlias } from './link-alias';
import type { TocNode } from './toc-node';

/** How a note's table of contents is written. */
export interface NoteTocFormat {
  style: 'compact' | 'expanded';
  /** The link path of the note (`Note`, or `Folder/Note` when the name is not unique); null: no links. */
  linkPath: string | null;
}

const INDENT = '  ';

/**
 * Writes note-mode table of contents nodes as a nested markdown list, two spaces per level.
 * compact: `- [[Note#Anchor|Heading]] — description`; expanded: `- 1.2 [[Note#Anchor|Heading]]
 * (line 14)` with the 1-based line, and the description on the next line, indented under the
 * entry. Without a link path, entries are the plain heading text. Ends with a line break
 * (empty text when there are no entries).
 */
export function renderNoteToc(nodes: readonly TocNode[], format: NoteTocFormat): string {
  const lines: string[] = [];
  nodes.forEach((node, index) => writeNode(lines, node, format, 0, `${index + 1}`));
  return lines.map((line) => `${line}\n`).join('');
}

function writeNode(lines: string[], node: TocNode, format: NoteTocFormat, level: number, number: string): void {
  const indent = INDENT.repeat(level);
  const label = labelOf(node, format.linkPath);
  if (format.style === 'compact') {
    lines.push(`${indent}- ${label}${node.description === undefined ? '' : ` — ${node.description}`}`);
  } else {
    lines.push(`${indent}- ${number} ${label}${node.line === undefined ? '' : ` (line ${node.line + 1})`}`);
    if (node.description !== undefined) lines.push(`${indent}${INDENT}${node.description}`);
  }
  (node.children ?? []).forEach((child, index) => writeNode(lines, child, format, level + 1, `${number}.${index + 1}`));
}

function labelOf(node: TocNode, linkPath: string | null): string {
  const alias = toLinkAlias(node.title);
  if (linkPath === null || node.anchor === undefined || node.anchor === '' || alias === '') return node.title;
  return `[[${linkPath}#${node.anchor}|${alias}]]`;
}
