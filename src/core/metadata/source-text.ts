import { findLastAtOrBefore } from './find-last-at-or-before';
import type { Loc, Pos } from './types';

/**
 * A note's text with its line table, so offsets turn into `{line, col, offset}` locations.
 * Lines break at `\n`; `\r`s just before it (or at the very end of the text) belong to the line
 * break, never to the line, so CRLF files get the same line contents (and ends) as LF files
 * while offsets still count every UTF-16 code unit of the raw text.
 */
export interface SourceText {
  readonly content: string;
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];
  /** Offset just past the last character of each line, line break (and its `\r`) excluded. */
  readonly lineEnds: number[];
  /** The line of the last lookup: lookups mostly move forward a little, so it is tried first. */
  lastLine: number;
}

/** Builds the line table of `content` in one pass. */
export function createSourceText(content: string): SourceText {
  const lineStarts: number[] = [0];
  const lineEnds: number[] = [];
  let newline = content.indexOf('\n');
  while (newline !== -1) {
    lineEnds.push(endBeforeCarriageReturns(content, lineStarts[lineStarts.length - 1] ?? 0, newline));
    lineStarts.push(newline + 1);
    newline = content.indexOf('\n', newline + 1);
  }
  lineEnds.push(endBeforeCarriageReturns(content, lineStarts[lineStarts.length - 1] ?? 0, content.length));
  return { content, lineStarts, lineEnds, lastLine: 0 };
}

/** `end` moved back over the `\r`s that end the line. */
export function endBeforeCarriageReturns(content: string, start: number, end: number): number {
  let index = end;
  while (index > start && content.charCodeAt(index - 1) === 13) index -= 1;
  return index;
}

/** The 0-based line holding `offset`: the last line looked up or the next, else a binary search. */
export function lineAt(source: SourceText, offset: number): number {
  const starts = source.lineStarts;
  for (let line = source.lastLine; line <= source.lastLine + 1; line += 1) {
    if ((starts[line] ?? Infinity) <= offset && offset < (starts[line + 1] ?? Infinity)) {
      source.lastLine = line;
      return line;
    }
  }
  source.lastLine = findLastAtOrBefore(starts, offset);
  return source.lastLine;
}

/** The location of `offset`: `offset === lineStarts[line] + col` always holds. */
export function locationAt(source: SourceText, offset: number): Loc {
  const line = lineAt(source, offset);
  return { line, col: offset - (source.lineStarts[line] ?? 0), offset };
}

/** The span from `start` to `end` (exclusive). */
export function positionOf(source: SourceText, start: number, end: number): Pos {
  return { start: locationAt(source, start), end: locationAt(source, end) };
}
