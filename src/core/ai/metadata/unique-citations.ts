import type { Citation } from '../ai-schemas';
import { compareCodeUnits } from '../../ops/compare';

/**
 * The citations without repeats (same path, anchor, line and span), ordered by path, then line:
 * the top-level `citations` of a result that cites the same line from several items.
 */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const byKey = new Map<string, Citation>();
  for (const citation of citations) byKey.set(JSON.stringify([citation.path, citation.anchor ?? null, citation.line ?? null, citation.span ?? null]), citation);
  return [...byKey.values()].sort((left, right) => compareCodeUnits(left.path, right.path) || (left.line ?? -1) - (right.line ?? -1));
}
