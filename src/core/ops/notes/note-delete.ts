import * as z from 'zod';
import { checkEtag, recordMutation, requireFile } from '../../vault/mutate-file';
import { toExistingFilePath } from '../../vault/file-path';
import { DESTRUCTIVE, defineOperation } from '../operation';
import { etagField, ifMatchField, pathField } from '../schemas';

/** `note_delete`: moves a note or attachment to the vault's `.trash/`, like Obsidian's default. */
export const noteDelete = defineOperation({
  name: 'note_delete',
  title: 'Delete a note',
  description: "Delete a note or attachment by moving it to the vault's .trash (recoverable). Pass if_match to delete only the version you read.",
  input: z.object({ path: pathField, if_match: ifMatchField }),
  output: z.object({
    path: z.string().describe('Path of the deleted file.'),
    deleted: z.boolean().describe('Always true on success.'),
    etag: etagField.describe('ETag of the content that was deleted.'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'DELETE', path: '/v1/notes/{path}' },
  cli: ['note', 'delete'],
  async run(input, context) {
    const path = toExistingFilePath(context.host, input.path);
    requireFile(context, path);
    let etag = '';
    // The ETag is checked under the host's write lock for the path, so a concurrent edit can
    // never be trashed unseen.
    await context.host.trash(path, (content) => {
      etag = context.etag(content);
      checkEtag(path, input.if_match, etag);
    });
    recordMutation(context, 'note_delete', path, etag, null);
    return { path, deleted: true, etag };
  },
  summarize: (output) => `Moved ${output.path} to the trash.`,
});
