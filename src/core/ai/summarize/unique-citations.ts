import { toCanonicalJson } from '../../canonical-json';
import type { Citation } from '../ai-schemas';

/**
 * The citations without repeats, in order of first use: two citations are the same when every
 * field is (path, etag, anchor, line, span, snippet).
 */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((citation) => {
    const key = toCanonicalJson(citation);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
