/** One candidate kept by `TopK`. */
export interface ScoredRow {
  score: number;
  row: number;
  path: string;
}

/**
 * The `limit` best candidates seen so far, in a binary min-heap whose root is the worst kept:
 * O(log limit) per accepted candidate, O(1) to reject one. Higher score is better; ties go to
 * the smaller path, then the smaller row, so results are deterministic.
 */
export class TopK {
  private readonly heap: ScoredRow[] = [];

  constructor(private readonly limit: number) {}

  /** True when `score` could enter (cheap pre-check before building a candidate). */
  admits(score: number): boolean {
    return this.limit > 0 && (this.heap.length < this.limit || score >= this.heap[0]!.score);
  }

  /** Offers a candidate; keeps it when it beats the worst kept one. */
  push(candidate: ScoredRow): void {
    if (this.heap.length < this.limit) {
      this.heap.push(candidate);
      this.siftUp(this.heap.length - 1);
    } else if (this.limit > 0 && isWorse(this.heap[0]!, candidate)) {
      this.heap[0] = candidate;
      this.siftDown(0);
    }
  }

  /** The kept candidates, best first. */
  sorted(): ScoredRow[] {
    return [...this.heap].sort((left, right) => (isWorse(left, right) ? 1 : isWorse(right, left) ? -1 : 0));
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
  }
}

function isWorse(left: ScoredRow, right: ScoredRow): boolean {
  if (left.score !== right.score) return left.score < right.score;
  if (left.path !== right.path) return left.path > right.path;
  return left.row > right.row;
}
