import type { SearchMode } from '../../search/service/search-types';
import type { AiWarning } from '../ai-schemas';

/** The retrieval mode of a question and the warning a downgrade earns. */
export interface RetrievalMode {
  mode: SearchMode;
  warning: AiWarning | null;
}

/**
 * Picks how evidence is retrieved (seed 002 §5.2, mirroring FR-S-4): the requested mode, hybrid
 * by default, when embeddings work; otherwise lexical, with `embeddings_unavailable` unless the
 * caller asked for lexical themselves.
 */
export function chooseRetrievalMode(requested: SearchMode | undefined, embeddings: boolean): RetrievalMode {
  if (embeddings) return { mode: requested ?? 'hybrid', warning: null };
  if (requested === 'lexical') return { mode: 'lexical', warning: null };
  return {
    mode: 'lexical',
    warning: { code: 'embeddings_unavailable', message: `${requested ?? 'hybrid'} retrieval needs embeddings, which are not configured or not working; the evidence was retrieved lexically (by words).` },
  };
}
