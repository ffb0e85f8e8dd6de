import { IndxError, isIndxError } from '../errors';
import { appendBody, prependBody } from './body-insert';
import { deleteFrontmatterValue } from './delete-frontmatter-value';
import { insertAfterHeading, insertBeforeHeading } from './insert-at-heading';
import { patchOpSchema, type PatchOp } from './patch-op';
import { renameHeading } from './rename-heading';
import { replaceBlock } from './replace-block';
import { replaceSection } from './replace-section';
import { setFrontmatterValue } from './set-frontmatter-value';

type OpHandlers = { [Name in PatchOp['op']]: (text: string, op: Extract<PatchOp, { op: Name }>) => string };

const handlers: OpHandlers = {
  set_frontmatter: (text, op) => setFrontmatterValue(text, op.key, op.value),
  delete_frontmatter: (text, op) => deleteFrontmatterValue(text, op.key),
  append_body: (text, op) => appendBody(text, op.markdown),
  prepend_body: (text, op) => prependBody(text, op.markdown),
  insert_before_heading: (text, op) => insertBeforeHeading(text, op.heading, op.markdown),
  insert_after_heading: (text, op) => insertAfterHeading(text, op.heading, op.markdown),
  replace_section: (text, op) => replaceSection(text, op.heading, op.markdown),
  replace_block: (text, op) => replaceBlock(text, op.block_id, op.markdown),
  rename_heading: (text, op) => renameHeading(text, op.from, op.to),
};

/**
 * Applies note_patch ops in order and returns the new note text. Each op sees the text the
 * previous ops produced (headings and blocks are re-read from it) and changes no byte outside the
 * region it targets. Pure and all-or-nothing: when any op fails, an `IndxError` is thrown (with
 * `op_index` and `op` added to its details, code unchanged) and no change is returned. An op that
 * does not match `patchOpSchema` fails with `invalid_input`.
 */
export function applyPatch(text: string, ops: readonly PatchOp[]): string {
  return ops.reduce((current, op, index) => applyOne(current, op, index), text);
}

function applyOne(text: string, op: PatchOp, index: number): string {
  const checked = validated(op, index);
  try {
    return (handlers[checked.op] as (text: string, op: PatchOp) => string)(text, checked);
  } catch (error: unknown) {
    if (!isIndxError(error)) throw error;
    const message = `Op ${index + 1} of the patch (${checked.op}) failed, so nothing was applied: ${error.message}`;
    throw new IndxError(error.code, message, { ...error.details, op_index: index, op: checked.op }, { cause: error });
  }
}

function validated(op: PatchOp, index: number): PatchOp {
  const result = patchOpSchema.safeParse(op);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new IndxError('invalid_input', `Op ${index + 1} of the patch is not a valid note_patch op: ${issues.map((issue) => `${issue.path || 'op'}: ${issue.message}`).join('; ')}. Nothing was applied.`, {
    op_index: index,
    issues,
  });
}
