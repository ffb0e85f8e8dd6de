import * as z from 'zod';
import { listBacklinks } from '../../notes/backlinks';
import { requireFile } from '../../vault/mutate-file';
import { extensionOf, toNotePath, toVaultPath } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { pathField } from '../schemas';
import { backlinksSchema } from '../notes/note-parts';

/** `link_backlinks`: every note that links to a file. */
export const linkBacklinks = defineOperation({
  name: 'link_backlinks',
  title: 'Backlinks of a note',
  description: 'List notes and canvases that link to or embed a note or attachment, with each reference and its line.',
  input: z.object({ path: pathField }),
  output: z.object({ path: z.string().describe('The target.'), backlinks: backlinksSchema.describe('Linking notes, sorted by path.'), total: z.number().int().describe('Number of linking notes.') }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/links/{path}/backlinks' },
  cli: ['link', 'backlinks'],
  async run(input, context) {
    const raw = toVaultPath(input.path);
    const path = extensionOf(raw) === '' || context.host.stat(raw) === null ? toNotePath(raw) : raw;
    requireFile(context, path);
    const backlinks = await listBacklinks(context.host, path);
    return { path, backlinks, total: backlinks.length };
  },
  summarize: (output) => `${output.total} note${output.total === 1 ? ' links' : 's link'} to ${output.path}.`,
});
