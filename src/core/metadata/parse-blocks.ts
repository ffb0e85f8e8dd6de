import type { BlockNode } from './block-nodes';
import { type ContentLine, isBlank } from './content-line';
import { setextLevel } from './block-starts';
import { interruptsParagraph, leadingCode } from './block-interrupts';
import { type BlockResult, type ParseChildren, lineAtIndex } from './block-result';
import { atxHeadingBlockAt, fencedCodeAt, htmlBlockAt, indentedCodeAt, mathBlockAt, thematicBreakAt } from './parse-leaf-blocks';
import { commentBlockAt } from './parse-comment-block';
import { quoteAt } from './parse-quote';
import { footnoteDefinitionAt } from './parse-footnote-definition';
import { listAt } from './parse-list';
import { tableAt } from './parse-table';

/** A block parser tried at the start of a block; null when the line does not start it. */
type BlockParser = (content: string, lines: ContentLine[], index: number) => BlockResult | null;

/** A parser for a block that holds other blocks, parsed with `parseChildren`. */
type ContainerParser = (content: string, lines: ContentLine[], index: number, parseChildren: ParseChildren) => BlockResult | null;

/**
 * Containers nested deeper than this are read as plain paragraphs: it bounds recursion (no
 * stack overflow on `>>>>…`) and the cost of re-reading deeply indented lines.
 */
const MAX_NESTING = 64;

/** A block parser, or a container parser that needs `parseChildren`. */
type AnyParser = BlockParser | { container: ContainerParser };

const LIST: AnyParser = { container: listAt };

/** Parser lists by the first character of a line's text (index -1: indented four columns). */
const BY_FIRST_CHARACTER = new Map<number, AnyParser[]>([
  [-1, [indentedCodeAt, tableAt]],
  [96, [fencedCodeAt, tableAt]],
  [126, [fencedCodeAt, tableAt]],
  [35, [atxHeadingBlockAt, tableAt]],
  [45, [thematicBreakAt, LIST, tableAt]],
  [42, [thematicBreakAt, LIST, tableAt]],
  [95, [thematicBreakAt, tableAt]],
  [43, [LIST, tableAt]],
  [62, [{ container: quoteAt }]],
  [37, [commentBlockAt, tableAt]],
  [36, [mathBlockAt, tableAt]],
  [60, [htmlBlockAt, tableAt]],
  [91, [{ container: footnoteDefinitionAt }, tableAt]],
]);
const DIGIT_START: AnyParser[] = [LIST, tableAt];
const OTHER_START: AnyParser[] = [tableAt];

/**
 * The parsers worth trying for a line whose text starts with this character (the paragraph is
 * the fallback), so a line costs a few checks instead of every recogniser. Within a list the
 * order is CommonMark's precedence.
 */
function parsersFor(code: number): AnyParser[] {
  return BY_FIRST_CHARACTER.get(code) ?? (code >= 48 && code <= 57 ? DIGIT_START : OTHER_START);
}

/**
 * Parses the content lines of one container (the note body, a quote, a list item, a footnote)
 * into blocks. Each line is looked at a bounded number of times per nesting level.
 */
export function parseBlocks(content: string, lines: ContentLine[], depth = 0): BlockNode[] {
  const nodes: BlockNode[] = [];
  for (let result = nextBlock(content, lines, 0, depth); result !== null; result = nextBlock(content, lines, result.next, depth)) nodes.push(result.node);
  return nodes;
}

/**
 * The first block at or after `lines[index]` (blank lines skipped), with the index after it;
 * null when only blank lines are left. Lets a caller read a container one block at a time.
 */
export function nextBlock(content: string, lines: ContentLine[], index: number, depth = 0): BlockResult | null {
  let start = index;
  while (start < lines.length && isBlank(content, lineAtIndex(lines, start))) start += 1;
  if (start >= lines.length) return null;
  const result = parseBlockAt(content, lines, start, depth);
  return { node: result.node, next: Math.max(result.next, start + 1) };
}

/** The block starting at `lines[index]`. */
function parseBlockAt(content: string, lines: ContentLine[], index: number, depth: number): BlockResult {
  const parseChildren: ParseChildren = (inner) => parseBlocks(content, inner, depth + 1);
  for (const parser of parsersFor(leadingCode(content, lineAtIndex(lines, index)))) {
    if (typeof parser !== 'function' && depth >= MAX_NESTING) continue;
    const result = typeof parser === 'function' ? parser(content, lines, index) : parser.container(content, lines, index, parseChildren);
    if (result !== null) return result;
  }
  return paragraphAt(content, lines, index);
}

/** A paragraph, or a setext heading when an `===`/`---` line ends it. */
function paragraphAt(content: string, lines: ContentLine[], index: number): BlockResult {
  const first = lineAtIndex(lines, index);
  let next = index + 1;
  for (; next < lines.length; next += 1) {
    const line = lineAtIndex(lines, next);
    if (isBlank(content, line)) break;
    const level = setextLevel(content, line);
    if (level > 0) return setextHeading(content, lines.slice(index, next), line, level, next + 1);
    if (interruptsParagraph(content, line)) break;
  }
  const paragraphLines = lines.slice(index, next);
  const last = lineAtIndex(lines, next - 1);
  return { node: { kind: 'paragraph', start: first.start, end: last.end, lines: paragraphLines }, next };
}

/** A setext heading: the paragraph lines above an underline. */
function setextHeading(content: string, textLines: ContentLine[], underline: ContentLine, level: number, next: number): BlockResult {
  const text = textLines.map((line) => content.slice(line.start, line.end).trim()).join('\n');
  const start = textLines[0]?.start ?? underline.start;
  return { node: { kind: 'heading', level, text, textLines, start, end: underline.end }, next };
}
