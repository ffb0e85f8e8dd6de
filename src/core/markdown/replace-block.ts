import { parseMetadata } from '../metadata/parse-metadata';
import { findBlock, toBareBlockId } from './find-block';
import { assertNotBlank, trimBlankLines } from './inserted-markdown';
import { detectLineEnding } from './line-ending';
import { lastLineOf } from './last-line-of';
import { createLineIndex } from './line-index';

const QUOTE_PREFIX = /^(?:[ \t]*>[ \t]?)*/;
const LIST_PREFIX = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\[.\])?(?:[ \t]+|$)/;
const STARTS_WITH_CONTAINER = /^[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$))/;

/**
 * Replaces the block that carries `^id` (a paragraph, a list item, a quoted paragraph; its whole
 * lines as Obsidian's cache spans them) with `markdown`, and returns the new note text.
 *
 * The `^id` marker is kept: re-appended to the last line (or as its own line, where it was on one)
 * unless the markdown already ends with it. Markdown that does not start with its own `>` or list
 * marker keeps the block's quote markers, bullet and checkbox, with continuation lines indented
 * under them; markdown that does start with one is used as written, indented like the original
 * line. Blank lines around the markdown are dropped. Throws `invalid_input` (blank markdown or id)
 * `block_not_found` and `block_ambiguous` (the id appears more than once).
 */
export function replaceBlock(text: string, blockId: string, markdown: string): string {
  const id = toBareBlockId(blockId);
  assertNotBlank(markdown, 'replace_block');
  const block = findBlock(parseMetadata(text), id);
  const lines = createLineIndex(text);
  const { start } = block.position;
  const lastLine = lastLineOf(block.position);
  const shaped = shapeLikeOriginal(trimBlankLines(markdown).split(/\r\n|\r|\n/), lines.content(start.line));
  const replacement = withMarker(shaped, lines.content(lastLine), block.id).join(detectLineEnding(text));
  return text.slice(0, lines.start(start.line)) + replacement + text.slice(lines.contentEnd(lastLine));
}

function shapeLikeOriginal(newLines: readonly string[], originalFirstLine: string): string[] {
  const [first = '', ...rest] = newLines;
  if (STARTS_WITH_CONTAINER.test(first)) {
    const indentation = /^[ \t]*/.exec(originalFirstLine)?.[0] ?? '';
    return /^[ \t]/.test(first) ? [...newLines] : newLines.map((line) => indentation + line);
  }
  const quote = QUOTE_PREFIX.exec(originalFirstLine)?.[0] ?? '';
  const bullet = LIST_PREFIX.exec(originalFirstLine.slice(quote.length))?.[0] ?? '';
  const continuation = quote + bullet.replace(/[^\t]/g, ' ');
  return [quote + bullet + first, ...rest.map((line) => (line === '' ? line : continuation + line))];
}

function withMarker(newLines: string[], originalLastLine: string, id: string): string[] {
  const marker = new RegExp(`(^|[ \\t]+)\\^${escapeRegExp(id)}[ \\t]*$`, 'i');
  const found = marker.exec(originalLastLine);
  const lastIndex = newLines.length - 1;
  if (found === null || marker.test(newLines[lastIndex] ?? '')) return newLines;
  const markerText = `${found[1] ?? ''}^${id}`;
  if (found.index === 0) return [...newLines, markerText];
  return newLines.map((line, index) => (index === lastIndex ? line + markerText : line));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
