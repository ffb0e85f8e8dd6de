import { compareCodeUnits } from '../../ops/compare';
import { isIndxError, type IndxError } from '../../errors';
import type { OperationContext } from '../../ops/operation-context';
import { mutateFile } from '../../vault/mutate-file';
import { applyConflict } from './apply-conflict';
import type { AppliedNote, ApplyOptions, ApplyPlan } from './apply-plan';
import { editFrontmatterText } from './edit-frontmatter-text';
import { requireIfMatch } from './require-if-match';

/**
 * Applies frontmatter changes to many notes the way seed 002 §5.8 requires of ai_tag,
 * ai_metadata and ai_extract, and returns the notes written (path order) with their new etags.
 *
 * Notes go in path-sorted order, each through one atomic `mutateFile` whose transform re-reads
 * the note's current frontmatter, computes the plan's changes from it and applies them with the
 * note_patch frontmatter ops (the note's YAML style is kept, the body is never touched). Each
 * write is audited under `options.op` and reported with `session.applied`.
 *
 * Per-path `ifMatch`: under mode `fail` (default) every precondition is checked before anything
 * is written, so a known mismatch writes nothing; a mismatch found later (a writer racing the
 * apply) still stops it, and the notes written before stay written (no rollback across notes).
 * Both throw `ai_apply_conflict` with `details.failed` and `details.applied`. Under mode `skip`
 * the note is left alone with an `apply_failed` warning. A note the changes leave identical gets
 * `apply_skipped_no_change`; other per-note failures (read-only path, missing note, frontmatter
 * that does not parse) get `apply_failed` with `details.code`, and the apply goes on.
 */
export async function applyFrontmatterChanges(context: OperationContext, plans: readonly ApplyPlan[], options: ApplyOptions): Promise<AppliedNote[]> {
  const sorted = [...plans].sort((left, right) => compareCodeUnits(left.path, right.path));
  if ((options.ifMatchMode ?? 'fail') === 'fail') await requireIfMatch(context, sorted.map((plan) => plan.path), options.ifMatch ?? {});
  const applied: AppliedNote[] = [];
  for (const plan of sorted) {
    const written = await applyOne(context, plan, options, applied);
    if (written === null) continue;
    applied.push(written);
    options.session.applied(written.path);
  }
  return applied;
}

async function applyOne(context: OperationContext, plan: ApplyPlan, options: ApplyOptions, applied: readonly AppliedNote[]): Promise<AppliedNote | null> {
  let changed: string[] = [];
  try {
    const result = await mutateFile(context, plan.path, options.op, (text) => {
      const edited = editFrontmatterText(text, plan);
      changed = edited.changed;
      return edited.text;
    }, options.ifMatch?.[plan.path]);
    if (result.changed) return { path: plan.path, etag: result.etag, changed };
    options.session.warn({ code: 'apply_skipped_no_change', path: plan.path, message: `"${plan.path}" already has these values; nothing was written.` });
    return null;
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    return onFailure(plan.path, error, options, applied);
  }
}

function onFailure(path: string, error: IndxError, options: ApplyOptions, applied: readonly AppliedNote[]): null {
  if (error.code === 'etag_mismatch') return onMismatch(path, error, options, applied);
  options.session.warn({ code: 'apply_failed', path, message: `"${path}" was not written: ${error.message}`, details: { code: error.code, ...error.details } });
  return null;
}

function onMismatch(path: string, error: IndxError, options: ApplyOptions, applied: readonly AppliedNote[]): null {
  const conflict = { path, expected: String(error.details.expected), actual: String(error.details.current_etag) };
  if ((options.ifMatchMode ?? 'fail') === 'fail') throw applyConflict([conflict], applied.map((note) => note.path));
  options.session.warn({ code: 'apply_failed', path, message: `"${path}" changed since it was read (expected etag ${conflict.expected}, current ${conflict.actual}); it was skipped (if_match_mode: "skip").`, details: { reason: 'etag_mismatch', expected: conflict.expected, actual: conflict.actual } });
  return null;
}
