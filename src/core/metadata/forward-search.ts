/**
 * A cached `indexOf` for queries whose start only moves forward: repeated failed lookups from
 * later positions reuse the last answer, keeping a scan over many candidates linear.
 */
export function createForwardSearch(text: string, needle: string): (from: number) => number {
  let searchedFrom = -1;
  let found = -1;
  return (from: number): number => {
    if (searchedFrom !== -1 && from >= searchedFrom && (found === -1 || found >= from)) return found;
    searchedFrom = from;
    found = text.indexOf(needle, from);
    return found;
  };
}
