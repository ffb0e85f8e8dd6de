import { compareCodeUnits } from '../../ops/compare';
import type { RelatedEdge } from './relate-output-schema';

/**
 * De-duplicates edges (one per source and related note, the first given wins) and sorts them
 * as seed 002 §5.4 requires: confidence descending (unclassified edges after classified ones),
 * similarity descending, dst_path ascending; then src_path, so the order is total.
 */
export function sortEdges(edges: readonly RelatedEdge[]): RelatedEdge[] {
  const unique = new Map<string, RelatedEdge>();
  for (const edge of edges) {
    const key = `${edge.src_path}\u0000${edge.dst_path}`;
    if (!unique.has(key)) unique.set(key, edge);
  }
  return [...unique.values()].sort(
    (left, right) => (right.confidence ?? -1) - (left.confidence ?? -1) || right.similarity - left.similarity || compareCodeUnits(left.dst_path, right.dst_path) || compareCodeUnits(left.src_path, right.src_path),
  );
}
