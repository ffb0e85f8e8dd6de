import { applyPatch } from '../../markdown/apply-patch';
import { readFrontmatter } from '../../markdown/read-frontmatter';
import type { ApplyPlan } from './apply-plan';
import { toFrontmatterPatchOps } from './to-frontmatter-patch-ops';

/** A note's text after a plan's edit, and the keys that edit really changed. */
export interface EditedText {
  text: string;
  changed: string[];
}

/**
 * Runs a plan's `edit` on the frontmatter of `text` as it is now and applies the changes with the
 * note_patch frontmatter ops, so only the touched properties' lines change and the note's YAML
 * style (quoting, comments, list indentation) is kept. A change that leaves the text as it was
 * (the key already has that value, or an absent key is removed) is not listed in `changed`.
 * Throws `frontmatter_invalid` when the YAML does not parse, `invalid_input` for an unusable key.
 */
export function editFrontmatterText(text: string, plan: ApplyPlan): EditedText {
  const changes = plan.edit(readFrontmatter(text));
  const ops = toFrontmatterPatchOps(changes);
  let current = text;
  const changed: string[] = [];
  ops.forEach((op) => {
    const next = applyPatch(current, [op]);
    if (next !== current && !changed.includes(op.key)) changed.push(op.key);
    current = next;
  });
  return { text: current, changed };
}
