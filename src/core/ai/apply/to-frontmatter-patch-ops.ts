import type { PatchOp } from '../../markdown/patch-op';
import type { FrontmatterChange } from './apply-plan';
import { isChangeRemoval } from './is-change-removal';
import { toObsidianListShape } from './to-obsidian-list-shape';

/** A note_patch op that edits one frontmatter property. */
export type FrontmatterPatchOp = Extract<PatchOp, { op: 'set_frontmatter' | 'delete_frontmatter' }>;

/**
 * The note_patch ops of frontmatter changes: `set_frontmatter` for a set (list properties in
 * Obsidian's list shape) and `delete_frontmatter` for a removal, in the given order.
 */
export function toFrontmatterPatchOps(changes: readonly FrontmatterChange[]): FrontmatterPatchOp[] {
  return changes.map((change) =>
    isChangeRemoval(change) ? { op: 'delete_frontmatter', key: change.key } : { op: 'set_frontmatter', key: change.key, value: toObsidianListShape(change.key, change.value) },
  );
}
