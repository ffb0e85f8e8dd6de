import type { IndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import type { AiWarning, Citation } from '../ai-schemas';
import { groundingFailedError } from '../grounding/grounding-failed-error';
import { ungroundedDroppedWarning } from '../grounding/ungrounded-dropped-warning';
import { verifyCitations } from '../grounding/verify-citations';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { ScreenedTag } from './screen-proposed-tags';
import type { SuggestedTag } from './tag-output-schema';

/** One note's screened tags, before grounding. */
export interface ScreenedNote {
  note: NoteSnapshot;
  tags: ScreenedTag[];
}

/** One note's tags after grounding. */
export interface GroundedNote {
  note: NoteSnapshot;
  tags: SuggestedTag[];
}

/** What grounding gives: per-note tags with verified evidence, and the warnings. */
export interface GroundedTags {
  notes: GroundedNote[];
  warnings: AiWarning[];
}

/**
 * Grounds tag suggestions (seed 002 §6): under `cite`, each tag's evidence is verified against
 * its own note only (a citation of another note does not justify a tag); a tag none of whose
 * evidence survives is dropped (one `ungrounded_dropped` warning per note). Throws
 * `ai_grounding_failed` (details.dropped) when tags were proposed and none survives in any
 * note. Without `cite`, nothing is verified and evidence is empty.
 */
export async function groundTagSuggestions(context: OperationContext, screened: readonly ScreenedNote[], cite: boolean): Promise<GroundedTags> {
  if (!cite) return { notes: screened.map(({ note, tags }) => ({ note, tags: tags.map((tag) => toSuggested(tag, [])) })), warnings: [] };
  const warnings: AiWarning[] = [];
  const dropped: unknown[] = [];
  const notes: GroundedNote[] = [];
  for (const { note, tags } of screened) {
    const checks = await Promise.all(tags.map((tag) => verifyCitations(context, tag.evidence, [note])));
    checks.forEach((check) => warnings.push(...check.warnings));
    checks.forEach((check) => dropped.push(...check.dropped));
    const kept = tags.flatMap((tag, index) => ((checks[index]?.citations.length ?? 0) > 0 ? [toSuggested(tag, checks[index]?.citations ?? [])] : []));
    const ungrounded = tags.filter((_tag, index) => (checks[index]?.citations.length ?? 0) === 0).map((tag) => tag.tag);
    if (ungrounded.length > 0) warnings.push(ungroundedWarning(note.path, ungrounded));
    notes.push({ note, tags: kept });
  }
  const proposed = screened.reduce((sum, entry) => sum + entry.tags.length, 0);
  if (proposed > 0 && notes.every((entry) => entry.tags.length === 0)) throw groundingFailed(proposed, dropped);
  return { notes, warnings };
}

function toSuggested(tag: ScreenedTag, evidence: Citation[]): SuggestedTag {
  return { tag: tag.tag, confidence: tag.confidence, is_new: tag.is_new, ...(tag.rationale === undefined ? {} : { rationale: tag.rationale }), evidence };
}

function ungroundedWarning(path: string, tags: readonly string[]): AiWarning {
  return ungroundedDroppedWarning({
    path,
    message: `Dropped ${tags.length} tag${tags.length === 1 ? '' : 's'} for "${path}" whose evidence could not be verified against the note: ${tags.join(', ')}.`,
    details: { tags },
  });
}

function groundingFailed(proposed: number, dropped: readonly unknown[]): IndxError {
  return groundingFailedError(`None of the ${proposed} tag${proposed === 1 ? '' : 's'} the model proposed had evidence that could be verified against the notes, so no grounded suggestion can be returned. Retry, narrow the scope, or pass cite: false to accept unverified tags.`, dropped);
}
