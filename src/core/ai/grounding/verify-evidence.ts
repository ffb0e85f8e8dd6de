import type { OperationContext } from '../../ops/operation-context';
import type { Citation } from '../ai-schemas';
import { verifyCitations, type CitationCandidate } from './verify-citations';
import type { AiSession } from '../runtime/run-ai-call';
import type { NoteSnapshot } from '../scope/read-scope-notes';

/** The citations of one claim that survived, and why the others did not. */
export interface VerifiedEvidence {
  citations: Citation[];
  reasons: string[];
}

/**
 * Verifies the citations the model gave for one claim about `note` (only that note may be cited:
 * it is the only one the model saw for it). Drift and invalid-location warnings go to the
 * session; each kept citation is sent as an `ai.citation` stream event.
 */
export async function verifyEvidence(context: OperationContext, session: AiSession, note: NoteSnapshot, candidates: readonly CitationCandidate[]): Promise<VerifiedEvidence> {
  if (candidates.length === 0) return { citations: [], reasons: [] };
  const verified = await verifyCitations(context, [...candidates], [note]);
  verified.warnings.forEach((warning) => session.warn(warning));
  verified.citations.forEach((citation) => session.emit({ type: 'ai.citation', citation }));
  return { citations: verified.citations, reasons: verified.dropped.map((dropped) => dropped.reason) };
}
