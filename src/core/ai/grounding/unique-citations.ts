import type { Citation } from '../ai-schemas';

/**
 * The citations without repeats, in order of first use: two citations are the same when they
 * point at the same place of the same revision (path, etag, anchor, line and span); the first
 * one is kept. The top-level `citations` of a result whose items cite the same lines.
 */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = JSON.stringify([citation.path, citation.etag, citation.anchor ?? null, citation.line ?? null, citation.span ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
