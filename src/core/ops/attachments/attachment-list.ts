import * as z from 'zod';
import { isAttachmentPath, mimeTypeOf } from '../../attachments/file-types';
import { linkingNotes } from '../../attachments/linking-notes';
import { compileGlob } from '../../notes/glob';
import { compareCodeUnits } from '../compare';
import { paginate } from '../cursor';
import { defineOperation, READ_ONLY } from '../operation';
import { cursorField, limitField, nextCursorField } from '../schemas';

/** How many linking notes one item names; `linked_from_count` counts them all. */
const LINKING_NOTES_SHOWN = 10;

/** `attachment_list`: the vault's attachments with their type and the notes that link to them. */
export const attachmentList = defineOperation({
  name: 'attachment_list',
  title: 'List attachments',
  description: 'List attachments (files other than notes, canvases, bases) with size, MIME type and the notes linking to or embedding each.',
  input: z.object({
    path_glob: z.string().optional().describe('Path glob, e.g. "assets/**" or "**/*.png".'),
    limit: limitField(100, 1000),
    cursor: cursorField,
  }),
  output: z.object({
    attachments: z
      .array(
        z.object({
          path: z.string().describe('Vault-relative path.'),
          mime: z.string().describe('MIME type, by extension.'),
          size: z.number().describe('Size in bytes.'),
          mtime: z.number().describe('Modification time, ms since epoch.'),
          linked_from: z.array(z.string()).describe(`Notes linking or embedding it (first ${LINKING_NOTES_SHOWN}).`),
          linked_from_count: z.number().int().describe('How many notes link or embed it.'),
        }),
      )
      .describe('This page of attachments.'),
    total: z.number().int().describe('Number of attachments matching.'),
    next_cursor: nextCursorField,
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/attachments' },
  cli: ['attachment', 'list'],
  run(input, context) {
    const matches = compileGlob(input.path_glob);
    const files = context.host
      .listFiles()
      .filter((file) => isAttachmentPath(file.path) && matches(file.path))
      .sort((a, b) => compareCodeUnits(a.path, b.path));
    const { page, next_cursor } = paginate(files, input.cursor, input.limit);
    const linking = linkingNotes(context.host.resolvedLinks(), new Set(page.map((file) => file.path)));
    const attachments = page.map((file) => {
      const notes = linking.get(file.path) ?? [];
      return { path: file.path, mime: mimeTypeOf(file.path), size: file.stat.size, mtime: file.stat.mtime, linked_from: notes.slice(0, LINKING_NOTES_SHOWN), linked_from_count: notes.length };
    });
    return Promise.resolve({ attachments, total: files.length, next_cursor });
  },
  summarize: (output) => `Listed ${output.attachments.length} of ${output.total} attachments${output.next_cursor === null ? '' : ' (more available)'}.`,
});
