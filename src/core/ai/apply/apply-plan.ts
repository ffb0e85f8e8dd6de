import type { AiApplySession } from '../runtime/run-ai-call';

/** One frontmatter edit an AI apply makes: set a top-level property, or remove it. */
export type FrontmatterChange = { key: string; value: unknown } | { key: string; remove: true };

/**
 * What to write to one note. `edit` is called inside the note's atomic write step with the
 * frontmatter as it is NOW (null when the note has none), so the changes are computed from the
 * current state and a concurrent edit since the suggestion was made is never overwritten blindly.
 */
export interface ApplyPlan {
  path: string;
  edit: (frontmatter: Record<string, unknown> | null) => FrontmatterChange[];
}

/** One note an apply wrote. */
export interface AppliedNote {
  path: string;
  /** The note's etag after the write (read-after-write, seed 002 §5.8). */
  etag: string;
  /** The keys whose value was set or removed, in the order the plan gave them. */
  changed: string[];
}

/** How `applyFrontmatterChanges` runs. */
export interface ApplyOptions {
  /** Path → etag: each note is written only if it still has that etag. */
  ifMatch?: Record<string, string>;
  /** `fail` (default): an etag mismatch ends the apply with ai_apply_conflict; `skip`: warn and go on. */
  ifMatchMode?: 'fail' | 'skip';
  /** Receives warnings and the written paths (listed in the ai.invocation event). */
  session: AiApplySession;
  /** The audit log's operation name for each write, e.g. `ai_tag`. */
  op: string;
}
