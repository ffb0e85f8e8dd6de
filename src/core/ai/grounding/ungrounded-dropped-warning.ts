import type { AiWarning } from '../ai-schemas';

/** What an `ungrounded_dropped` warning says: which note, what was dropped and why, and its details. */
export interface UngroundedDrop {
  /** The note the dropped claims were about, when they were about one. */
  path?: string;
  message: string;
  details: Record<string, unknown>;
}

/**
 * The `ungrounded_dropped` warning (seed 002 §6 rule 2): claims of the model (key points, tags,
 * values, descriptions, relations…) left without a verified citation were dropped from the
 * result rather than returned unsupported.
 */
export function ungroundedDroppedWarning(drop: UngroundedDrop): AiWarning {
  return { code: 'ungrounded_dropped', ...(drop.path === undefined ? {} : { path: drop.path }), message: drop.message, details: drop.details };
}
