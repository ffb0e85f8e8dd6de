import type { Pos } from '../metadata/types';

/**
 * The last line whose content a cache position covers: an `end` at column 0 of a later line (a
 * loose list item's end, for instance) stops before that line, so its line is not counted.
 */
export function lastLineOf(position: Pos): number {
  const { start, end } = position;
  return end.col === 0 && end.line > start.line ? end.line - 1 : end.line;
}
