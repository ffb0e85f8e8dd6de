import * as z from 'zod';
import { applyPatchSteps } from '../../markdown/apply-patch';
import { MAX_PATCH_OPS, patchOpSchema } from '../../markdown/patch-op';
import { writtenNoteState } from '../../notes/note-state';
import { mutateFileInSteps } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { defineOperation } from '../operation';
import { ifMatchField, noteStateSchema, pathField } from '../schemas';

/** `note_patch`: structured, AST-aware edits applied atomically, all or nothing. */
export const notePatch = defineOperation({
  name: 'note_patch',
  title: 'Edit a note with structured ops',
  description: 'Edit parts of a note (frontmatter properties, sections under a heading, blocks) with ops in order, all or nothing. Prefer over note_write. Returns the note and its new etag.',
  input: z.object({
    path: pathField,
    ops: z.array(patchOpSchema).min(1).max(MAX_PATCH_OPS, `At most ${MAX_PATCH_OPS} ops per call: split the patch.`).describe('Ops, applied in order.'),
    if_match: ifMatchField,
  }),
  output: noteStateSchema,
  scope: 'vault:write',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  http: { method: 'PATCH', path: '/v1/notes/{path}' },
  cli: ['note', 'patch'],
  async run(input, context) {
    const path = toNotePath(input.path);
    const result = await mutateFileInSteps(context, path, 'note_patch', (text) => applyPatchSteps(text, input.ops), input.if_match);
    return writtenNoteState(context.host, path, result.text, result.etag);
  },
  summarize: (output) => `Patched ${output.path} (etag ${output.etag}).`,
});
