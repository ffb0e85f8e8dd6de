import type { OperationContext } from '../../ops/operation-context';
import { applyConflict, type ApplyConflict } from './apply-conflict';

/**
 * Checks the per-path `ifMatch` preconditions of `paths` against the notes as they are now and
 * throws `ai_apply_conflict` (nothing written, `details.applied` empty) listing every mismatch.
 * Paths without a precondition, and notes that do not exist (their write reports `not_found`),
 * pass. An AI op may call it before its model call so a doomed apply costs nothing.
 */
export async function requireIfMatch(context: OperationContext, paths: readonly string[], ifMatch: Readonly<Record<string, string>>): Promise<void> {
  const failed: ApplyConflict[] = [];
  for (const path of paths) {
    const expected = ifMatch[path];
    if (expected === undefined || context.host.stat(path) === null) continue;
    const actual = context.etag(await context.host.read(path));
    if (actual !== expected) failed.push({ path, expected, actual });
  }
  if (failed.length > 0) throw applyConflict(failed, []);
}
