/**
 * The index of the last entry of the ascending `sorted` that is at most `value`, by binary
 * search: used to turn an offset into its line, given the lines' start offsets. Returns 0 when
 * `value` is before every entry (or the array is empty).
 */
export function findLastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sorted[middle] ?? 0) <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
