import { compareCodeUnits } from '../../../core/ops/compare';
import { basenameOf } from '../../../core/vault/paths';

const MAX_CANDIDATES = 3;

/**
 * Existing notes whose names resemble a broken link's target, best first, at most three: the
 * same name in another letter case or spacing, a name containing the target or contained in it,
 * or one within a small edit distance (a typo). Ties by path.
 */
export function findSimilarNotes(link: string, notePaths: readonly string[]): string[] {
  const target = normalize(basenameOf(`${link}.md`));
  if (target === '') return [];
  return notePaths
    .map((path) => ({ path, distance: resemblance(target, normalize(basenameOf(path))) }))
    .filter((candidate) => candidate.distance !== null)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || compareCodeUnits(a.path, b.path))
    .slice(0, MAX_CANDIDATES)
    .map((candidate) => candidate.path);
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, ' ').trim();
}

/** 0 for the same name, 1 for containment, 2 + edits for a near typo, null when unrelated. */
function resemblance(target: string, name: string): number | null {
  if (target === name) return 0;
  const shorter = Math.min(target.length, name.length);
  if (shorter >= 3 && (name.includes(target) || target.includes(name))) return 1;
  const allowed = Math.max(1, Math.floor(Math.max(target.length, name.length) / 5));
  if (Math.abs(target.length - name.length) > allowed) return null;
  const edits = editDistance(target, name);
  return edits <= allowed ? 2 + edits : null;
}

/** Edit distance counting a swap of two neighbouring letters as one edit (a common typo). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_value, index) => index)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) row[j] = cellDistance(rows, row, a, b, i, j);
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

function cellDistance(rows: number[][], row: number[], a: string, b: string, i: number, j: number): number {
  const above = rows[i - 1] ?? [];
  const cost = a[i - 1] === b[j - 1] ? 0 : 1;
  const best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
  const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
  return swapped ? Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1) : best;
}
