import { byteOrderMarkLength } from '../metadata/byte-order-mark';
import { findLastAtOrBefore } from '../metadata/find-last-at-or-before';

/**
 * Line arithmetic over a note's text: 0-based line numbers (as in Obsidian's positions) mapped
 * to UTF-16 offsets. A line's content end excludes its line break; the next line starts after it.
 * A leading byte order mark (U+FEFF) belongs to no line: line 0 starts after it, so text inserted
 * or replaced at a line start never lands in front of the mark.
 */
export interface LineIndex {
  /** The offset where `line` starts; the text's length when the line is past the end. */
  start(line: number): number;
  /** The offset just after `line` and its line break; the text's length for the last line. */
  next(line: number): number;
  /** The offset where `line`'s content ends, before its `\n` or `\r\n`. */
  contentEnd(line: number): number;
  /** The 0-based line containing `offset` (a line break belongs to the line it ends). */
  lineOf(offset: number): number;
  /** The text of `line` without its line break. */
  content(line: number): string;
}

/** Indexes the line starts of `text` once so line lookups are cheap. */
export function createLineIndex(text: string): LineIndex {
  const starts = findLineStarts(text);
  const start = (line: number): number => starts[line] ?? text.length;
  const next = (line: number): number => starts[line + 1] ?? text.length;
  const contentEnd = (line: number): number => {
    const following = starts[line + 1];
    if (following === undefined) return text.length;
    return text[following - 2] === '\r' ? following - 2 : following - 1;
  };
  return {
    start,
    next,
    contentEnd,
    lineOf: (offset) => findLastAtOrBefore(starts, offset),
    content: (line) => text.slice(start(line), contentEnd(line)),
  };
}

function findLineStarts(text: string): number[] {
  const starts = [byteOrderMarkLength(text)];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}
