import * as z from 'zod';
import { buildOutline } from '../../markdown/outline';
import { parseMetadata } from '../../metadata/parse-metadata';
import { requireFile } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { etagField, outlineEntrySchema, pathField } from '../schemas';

/** `note_outline`: the headings of a note with their paths, for section-targeted patches. */
export const noteOutline = defineOperation({
  name: 'note_outline',
  title: 'Outline a note',
  description: 'List a note\'s headings in order with level, 0-based line and path ("Parent > Child") usable as a note_patch heading.',
  input: z.object({ path: pathField }),
  output: z.object({ path: z.string().describe('Vault-relative path.'), etag: etagField, outline: z.array(outlineEntrySchema).describe('Headings in order.') }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/notes/{path}?include=outline' },
  cli: ['note', 'outline'],
  async run(input, context) {
    const path = toNotePath(input.path);
    requireFile(context, path);
    const text = await context.host.read(path);
    return { path, etag: context.etag(text), outline: buildOutline(parseMetadata(text).headings) };
  },
  summarize: (output) => `${output.path} has ${output.outline.length} heading${output.outline.length === 1 ? '' : 's'}.`,
});
