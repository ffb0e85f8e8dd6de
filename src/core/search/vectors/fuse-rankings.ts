/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): each list is ids best
 * first; an id scores the sum of `1 / (k + rank)` over the lists it appears in (rank from 1),
 * so agreement between rankers beats a high place in only one. Returns every id once, best
 * first; ties keep the order in which ids were first met. An id repeated within one list
 * counts at its best rank only.
 */
export function fuseRankings(lists: readonly (readonly string[])[], k = 60): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    const seen = new Set<string>();
    list.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((left, right) => right.score - left.score);
}
