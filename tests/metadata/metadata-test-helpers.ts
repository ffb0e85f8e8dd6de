import type { Loc, Pos } from '../../src/core/metadata/types';

/** The location of `offset` in `text`, computed independently of the parser (lines split at \n). */
export function loc(text: string, offset: number): Loc {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, col: offset - (before.lastIndexOf('\n') + 1), offset };
}

/** The span of the `occurrence`-th (0-based) appearance of `needle` in `text`. */
export function spanOf(text: string, needle: string, occurrence = 0): Pos {
  let start = -1;
  for (let seen = 0; seen <= occurrence; seen += 1) {
    start = text.indexOf(needle, start + 1);
    if (start === -1) throw new Error(`"${needle}" occurs fewer than ${occurrence + 1} times`);
  }
  return { start: loc(text, start), end: loc(text, start + needle.length) };
}

/** The span from the start of `first` to the end of `last` (first occurrences). */
export function spanFromTo(text: string, first: string, last: string): Pos {
  const start = text.indexOf(first);
  const end = text.indexOf(last, start) + last.length;
  return { start: loc(text, start), end: loc(text, end) };
}
