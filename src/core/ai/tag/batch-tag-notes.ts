import { estimateTokens } from '../runtime/estimate-tokens';
import { renderNoteForPrompt } from '../prompt/render-note';
import type { NoteSnapshot } from '../scope/read-scope-notes';

/** One model call's notes and their rendered text. */
export interface TagBatch {
  notes: NoteSnapshot[];
  /** The notes rendered with line numbers, separated by blank lines. */
  text: string;
}

/** Estimated output tokens one suggested tag takes (tag, confidence, rationale, one citation). */
const TOKENS_PER_TAG = 60;

/**
 * Groups notes into model calls: each batch's rendered notes fit `budgetTokens` (a note too
 * large for a call of its own is cut to fit, with a `…(truncated)` line), and a batch holds no
 * more notes than the output cap can answer (`maxPerNote` tags each). Notes keep their order.
 */
export function batchTagNotes(notes: readonly NoteSnapshot[], budgetTokens: number, maxOutputTokens: number, maxPerNote: number): TagBatch[] {
  const notesPerBatch = Math.max(1, Math.floor(maxOutputTokens / (maxPerNote * TOKENS_PER_TAG + 20)));
  const batches: { notes: NoteSnapshot[]; parts: string[]; tokens: number }[] = [];
  for (const note of notes) {
    const rendered = renderNoteForPrompt(note, { maxTokens: budgetTokens });
    const tokens = estimateTokens(rendered) + 1;
    const last = batches[batches.length - 1];
    if (last !== undefined && last.tokens + tokens <= budgetTokens && last.notes.length < notesPerBatch) {
      last.notes.push(note);
      last.parts.push(rendered);
      last.tokens += tokens;
    } else batches.push({ notes: [note], parts: [rendered], tokens });
  }
  return batches.map((batch) => ({ notes: batch.notes, text: batch.parts.join('\n\n') }));
}
