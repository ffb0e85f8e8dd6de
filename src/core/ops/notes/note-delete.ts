import { z } from 'zod';
import { etagMismatch, recordMutation, requireFile } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { DESTRUCTIVE, defineOperation } from '../operation';
import { etagField, ifMatchField, pathField } from '../schemas';

/** `note_delete`: moves a note to the vault's `.trash/`, like Obsidian's default. */
export const noteDelete = defineOperation({
  name: 'note_delete',
  title: 'Delete a note',
  description: "Delete a note by moving it to the vault's .trash folder (recoverable, like Obsidian's default). Pass if_match to delete only the version you read.",
  input: z.object({ path: pathField, if_match: ifMatchField }),
  output: z.object({
    path: z.string().describe('Path of the deleted note.'),
    deleted: z.boolean().describe('Always true on success.'),
    etag: etagField.describe('ETag of the content that was deleted.'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'DELETE', path: '/v1/notes/{path}' },
  cli: ['note', 'delete'],
  async run(input, context) {
    const path = toNotePath(input.path);
    requireFile(context, path);
    const etag = context.etag(await context.host.read(path));
    if (input.if_match !== undefined && input.if_match !== etag) throw etagMismatch(path, input.if_match, etag);
    await context.host.trash(path);
    recordMutation(context, 'note_delete', path, etag, null);
    return { path, deleted: true, etag };
  },
  summarize: (output) => `Moved ${output.path} to the trash.`,
});
