import type { IndxError } from '../../errors';
import type { AiWarning, Citation } from '../ai-schemas';
import { groundingFailedError } from '../grounding/grounding-failed-error';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { uniqueCitations } from '../grounding/unique-citations';
import type { CitationCheck, VerifyCandidates } from './citation-check';
import type { ModelSummary } from './model-summary';

/** A summary reply after grounding: the kept key points, the verified citations, and what was dropped. */
export interface GroundedSummary {
  key_points: string[];
  citations: Citation[];
  warnings: AiWarning[];
}

/**
 * Grounds a summary reply (seed 002 §6): verifies the citations of the text and of every key
 * point; a key point none of whose citations survives is dropped (one `ungrounded_dropped`
 * warning counts them). The citations are the kept ones, de-duplicated in order of first use
 * (the text's, then the key points'). Throws `ai_grounding_failed` when none survives at all.
 * Without `cite`, nothing is verified and every key point stays.
 */
export async function groundSummary(reply: ModelSummary, verify: VerifyCandidates, cite: boolean): Promise<GroundedSummary> {
  if (!cite) return { key_points: reply.key_points.map((point) => point.text), citations: [], warnings: [] };
  const textCheck = await verify(reply.citations);
  const pointChecks = await Promise.all(reply.key_points.map((point) => verify(point.citations)));
  const kept = reply.key_points.filter((_point, index) => (pointChecks[index]?.citations.length ?? 0) > 0);
  const checks = [textCheck, ...pointChecks];
  const citations = uniqueCitations(checks.flatMap((check) => check.citations));
  if (citations.length === 0) throw groundingFailed(checks);
  const dropped = reply.key_points.length - kept.length;
  const warnings = [...checks.flatMap((check) => check.warnings), ...(dropped === 0 ? [] : [ungroundedWarning(dropped, reply.key_points.length)])];
  return { key_points: kept.map((point) => point.text), citations, warnings };
}

function ungroundedWarning(dropped: number, total: number): AiWarning {
  return ungroundedDroppedWarning({
    message: `${dropped} of ${total} key point${total === 1 ? '' : 's'} had no citation that could be verified and ${dropped === 1 ? 'was' : 'were'} dropped.`,
    details: { dropped },
  });
}

function groundingFailed(checks: readonly CitationCheck[]): IndxError {
  const dropped = checks.flatMap((check) => check.dropped);
  return groundingFailedError(`None of the ${dropped.length} citation${dropped.length === 1 ? '' : 's'} the model gave could be verified against the notes, so no grounded summary can be returned. Retry, narrow the scope, or pass cite: false to accept an unverified summary.`, dropped);
}
