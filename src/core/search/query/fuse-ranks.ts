/** Reciprocal rank fusion's constant (Cormack et al. 2009): damps the weight of top ranks. */
export const RRF_K = 60;

/** A key with its fused score, normalised to 0–1 (1 = first in every list). */
export interface FusedItem {
  key: string;
  score: number;
}

/**
 * Reciprocal rank fusion: each key scores Σ 1 / (k + rank) over the ranked lists it appears in
 * (rank from 1), divided by the most any key could score, so it reads 0–1. Sorted best first,
 * ties by key in code-unit order.
 */
export function fuseRanks(lists: readonly (readonly string[])[], k = RRF_K): FusedItem[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((key, index) => scores.set(key, (scores.get(key) ?? 0) + 1 / (k + index + 1)));
  const best = lists.length / (k + 1);
  return [...scores]
    .map(([key, score]) => ({ key, score: score / best }))
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
