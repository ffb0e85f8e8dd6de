import { isSameValue } from '../../markdown/same-value';
import type { ProposedPatch } from '../ai-schemas';
import type { FrontmatterChange } from './apply-plan';
import { toFrontmatterPatchOps } from './to-frontmatter-patch-ops';
import { toObsidianListShape } from './to-obsidian-list-shape';

/** A draft note_patch call of frontmatter changes, always pinned to the etag it was made against. */
export type ProposedFrontmatterPatch = ProposedPatch & { if_match: string };

/**
 * The draft note_patch of frontmatter changes, for an AI op run without `apply`: the same
 * `set_frontmatter` / `delete_frontmatter` ops an apply would make (list properties in
 * Obsidian's list shape), pinned with `if_match` to the etag the suggestion was made against, so
 * forwarding it to note_patch fails cleanly if the note changed since.
 */
export function proposedFrontmatterPatch(path: string, etag: string, changes: readonly FrontmatterChange[], reason: string): ProposedFrontmatterPatch {
  return { path, ops: toFrontmatterPatchOps(changes).map((op) => ({ ...op })), if_match: etag, reason, related_to: [] };
}

/**
 * The changes of a draft that would change something: a value equal to the key's current one
 * (`currentOf`), once in Obsidian's list shape, is left out; removals are kept.
 */
export function changesThatChange(changes: readonly FrontmatterChange[], currentOf: (key: string) => unknown): FrontmatterChange[] {
  return changes.filter((change) => !('value' in change) || !isSameValue(currentOf(change.key), toObsidianListShape(change.key, change.value)));
}
