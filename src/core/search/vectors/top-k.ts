/** One candidate kept by `TopK`. */
export interface ScoredRow {
  score: number;
  row: number;
  path: string;
}

/**
 * The `limit` best paths seen so far, each with its best candidate, in a binary min-heap whose
 * root is the worst kept: O(log limit) per accepted candidate, O(1) to reject one. A path is
 * kept once (a better candidate of a kept path replaces its entry), so a note with many close
 * chunks takes one place, not all of them. Higher score is better; ties go to the smaller path,
 * then the smaller row, so results are deterministic.
 */
export class TopK {
  private readonly heap: ScoredRow[] = [];
  private readonly positions = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** True when `score` could enter (cheap pre-check before building a candidate). */
  admits(score: number): boolean {
    return this.limit > 0 && (this.heap.length < this.limit || score >= this.heap[0]!.score);
  }

  /** Offers a candidate; keeps it when it beats its path's kept one, or the worst kept path. */
  push(candidate: ScoredRow): void {
    const position = this.positions.get(candidate.path);
    if (position !== undefined) this.improve(position, candidate);
    else if (this.heap.length < this.limit) this.append(candidate);
    else if (this.limit > 0 && isWorse(this.heap[0]!, candidate)) this.replaceRoot(candidate);
  }

  /** The kept candidates, best first. */
  sorted(): ScoredRow[] {
    return [...this.heap].sort((left, right) => (isWorse(left, right) ? 1 : isWorse(right, left) ? -1 : 0));
  }

  // A better score moves an entry away from the root of the min-heap: down.
  private improve(position: number, candidate: ScoredRow): void {
    if (!isWorse(this.heap[position]!, candidate)) return;
    this.heap[position] = candidate;
    this.siftDown(position);
  }

  private append(candidate: ScoredRow): void {
    this.heap.push(candidate);
    this.positions.set(candidate.path, this.heap.length - 1);
    this.siftUp(this.heap.length - 1);
  }

  private replaceRoot(candidate: ScoredRow): void {
    this.positions.delete(this.heap[0]!.path);
    this.heap[0] = candidate;
    this.positions.set(candidate.path, 0);
    this.siftDown(0);
  }

  private siftUp(position: number): void {
    while (position > 0) {
      const parent = (position - 1) >> 1;
      if (!isWorse(this.heap[position]!, this.heap[parent]!)) return;
      this.swap(position, parent);
      position = parent;
    }
  }

  private siftDown(position: number): void {
    for (;;) {
      let worst = position;
      for (const child of [2 * position + 1, 2 * position + 2]) {
        if (child < this.heap.length && isWorse(this.heap[child]!, this.heap[worst]!)) worst = child;
      }
      if (worst === position) return;
      this.swap(position, worst);
      position = worst;
    }
  }

  private swap(first: number, second: number): void {
    [this.heap[first], this.heap[second]] = [this.heap[second]!, this.heap[first]!];
    this.positions.set(this.heap[first].path, first);
    this.positions.set(this.heap[second].path, second);
  }
}

function isWorse(left: ScoredRow, right: ScoredRow): boolean {
  if (left.score !== right.score) return left.score < right.score;
  if (left.path !== right.path) return left.path > right.path;
  return left.row > right.row;
}
