/**
 * The positions of the `count` best items by `better` (a strict "ranks before"), best first,
 * using a bounded heap: O(n log count) for n candidates, never a full sort of a long list.
 */
export function selectTop(positions: readonly number[], count: number, better: (a: number, b: number) => boolean): number[] {
  if (count <= 0) return [];
  const heap: number[] = [];
  for (const position of positions) {
    if (heap.length < count) {
      heap.push(position);
      siftUp(heap, heap.length - 1, better);
    } else if (better(position, heap[0] ?? position)) {
      heap[0] = position;
      siftDown(heap, 0, better);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}

// The heap keeps the worst kept item at the root.
function siftUp(heap: number[], start: number, better: (a: number, b: number) => boolean): void {
  let child = start;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!better(heap[parent] ?? 0, heap[child] ?? 0)) return;
    swap(heap, parent, child);
    child = parent;
  }
}

function siftDown(heap: number[], start: number, better: (a: number, b: number) => boolean): void {
  let parent = start;
  for (;;) {
    let worst = parent;
    for (const child of [2 * parent + 1, 2 * parent + 2]) if (child < heap.length && better(heap[worst] ?? 0, heap[child] ?? 0)) worst = child;
    if (worst === parent) return;
    swap(heap, parent, worst);
    parent = worst;
  }
}

function swap(heap: number[], a: number, b: number): void {
  const value = heap[a] ?? 0;
  heap[a] = heap[b] ?? 0;
  heap[b] = value;
}
