import { IndxError } from '../../errors';

/** One path whose if_match failed: the etag the caller expected and the one the note has. */
export interface ApplyConflict {
  path: string;
  expected: string;
  actual: string;
}

/**
 * The `ai_apply_conflict` error (409): which paths failed their if_match and which notes were
 * already written. Each note is written atomically but there is no rollback across notes (seed
 * 002 §5.8), so the message says plainly that the listed notes stay written.
 */
export function applyConflict(failed: readonly ApplyConflict[], applied: readonly string[]): IndxError {
  const which = failed.map((conflict) => `"${conflict.path}" (expected etag ${conflict.expected}, current ${conflict.actual})`).join(', ');
  const written = applied.length === 0 ? 'Nothing was written.' : `${applied.length} note${applied.length === 1 ? ' was' : 's were'} written before it and stay written (each note is written atomically; there is no rollback across notes): ${applied.join(', ')}.`;
  const message = `The apply stopped: ${which} changed since it was read. ${written} Run the call again to get suggestions for the current text, or pass if_match_mode: "skip" to skip conflicting notes.`;
  return new IndxError('ai_apply_conflict', message, { failed: failed.map((conflict) => ({ ...conflict })), applied: [...applied] });
}
