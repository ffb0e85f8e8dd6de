import { noteLines } from '../prompt/note-lines';
import { renderNoteForPrompt } from '../prompt/render-note';
import type { NoteSnapshot } from '../scope/read-scope-notes';
import { evidenceRange } from './evidence-range';

/** A note read as evidence with the line of its best matching section (null: none). */
export interface EvidenceNote {
  note: NoteSnapshot;
  line: number | null;
}

/**
 * Renders the evidence of a question within `maxTokens`: each note's best section (see
 * `evidenceRange`) with numbered lines, best note first; the budget is shared equally so every
 * retrieved note is shown, each cut with `…(truncated)` where it does not fit its share.
 */
export function renderEvidence(evidence: readonly EvidenceNote[], maxTokens: number): string {
  const share = Math.max(1, Math.floor(maxTokens / Math.max(1, evidence.length)));
  return evidence
    .map(({ note, line }) => renderNoteForPrompt(note, { ...evidenceRange(note, line, noteLines(note.text).length), maxTokens: share }))
    .join('\n\n');
}
