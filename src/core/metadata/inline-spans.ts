import { isEscapable } from './markdown-link';

/**
 * Precomputed structure of an inline text, so the scanner never searches backwards or
 * rescans: where each backtick run's code span ends, and which `]` closes each `[`.
 */
export interface InlineSpans {
  /** For a backtick run starting at an index: the index just past its closing run, or -1. */
  codeSpanEnd: Map<number, number>;
  /** For a `[` at an index: the index of its matching `]`, or -1. */
  closingBracket: Map<number, number>;
}

/** Finds code spans and bracket pairs in two linear passes. */
export function findInlineSpans(text: string): InlineSpans {
  const codeSpanEnd = findCodeSpans(text);
  return { codeSpanEnd, closingBracket: matchBrackets(text, codeSpanEnd) };
}

/** Pairs each backtick run with the next run of the same length (CommonMark code spans). */
function findCodeSpans(text: string): Map<number, number> {
  const runs: Array<{ start: number; length: number }> = [];
  let index = text.indexOf('`');
  while (index !== -1) {
    let end = index;
    while (text.charCodeAt(end) === 96) end += 1;
    runs.push({ start: index, length: end - index });
    index = text.indexOf('`', end);
  }
  const spans = new Map<number, number>();
  const nextRunOfLength = new Map<number, number>();
  for (let run = runs.length - 1; run >= 0; run -= 1) {
    const current = runs[run];
    if (current === undefined) continue;
    const closer = nextRunOfLength.get(current.length);
    spans.set(current.start, closer === undefined ? -1 : closer + current.length);
    nextRunOfLength.set(current.length, current.start);
  }
  return spans;
}

/** Matches `[` with `]`, skipping escaped characters and code spans. */
function matchBrackets(text: string, codeSpanEnd: Map<number, number>): Map<number, number> {
  const closing = new Map<number, number>();
  const open: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 92 && isEscapable(text.charCodeAt(index + 1))) {
      index += 1;
    } else if (code === 96) {
      index = skipBackticks(text, index, codeSpanEnd) - 1;
    } else if (code === 91) {
      open.push(index);
      closing.set(index, -1);
    } else if (code === 93) {
      const opener = open.pop();
      if (opener !== undefined) closing.set(opener, index);
    }
  }
  return closing;
}

/** The index after the backtick run at `index`: past its code span when it has one. */
export function skipBackticks(text: string, index: number, codeSpanEnd: Map<number, number>): number {
  const spanEnd = codeSpanEnd.get(index) ?? -1;
  if (spanEnd !== -1) return spanEnd;
  let end = index;
  while (text.charCodeAt(end) === 96) end += 1;
  return end;
}
