/** Obsidian's `SearchResult`: a score (higher is better, at most 0) and the matched [start, end) ranges. */
export interface SearchResult {
  score: number;
  matches: [number, number][];
}

/**
 * Obsidian's `prepareFuzzySearch` (obsidian.d.ts prepareFuzzySearch: "Construct a fuzzy search
 * callback that runs on a target string."). ASSUMED (docs silent): the query's characters (spaces
 * ignored, any case) must appear in the text in order. The fake scores a match by the characters skipped between the first and
 * the last matched one (fewer is better), which orders results as the app does for the cases
 * tests use: a contiguous match beats a scattered one.
 */
export function prepareFuzzySearch(query: string): (text: string) => SearchResult | null {
  const wanted = [...query.toLowerCase().replace(/\s+/g, '')];
  return (text) => {
    const lower = text.toLowerCase();
    const matches: [number, number][] = [];
    let from = 0;
    for (const character of wanted) {
      const at = lower.indexOf(character, from);
      if (at === -1) return null;
      const last = matches.at(-1);
      if (last !== undefined && last[1] === at) last[1] = at + 1;
      else matches.push([at, at + 1]);
      from = at + 1;
    }
    const first = matches[0]?.[0] ?? 0;
    return { score: -(from - first - wanted.length) - first / 100, matches };
  };
}
