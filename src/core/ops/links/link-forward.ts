import * as z from 'zod';
import { listForwardLinks } from '../../notes/forward-links';
import { requireFile } from '../../vault/mutate-file';
import { toNotePath } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { pathField } from '../schemas';
import { forwardLinksSchema } from '../notes/note-parts';

/** `link_forward`: a note's outgoing links, embeds and frontmatter links with their targets. */
export const linkForward = defineOperation({
  name: 'link_forward',
  title: 'Outgoing links of a note',
  description: 'List a note\'s links, embeds and frontmatter links, each with the path it resolves to (null if unresolved).',
  input: z.object({ path: pathField }),
  output: z.object({ path: z.string().describe('The note.'), links: forwardLinksSchema.describe('Outgoing references in document order.') }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/links/{path}/forward' },
  cli: ['link', 'forward'],
  run(input, context) {
    const path = toNotePath(input.path);
    requireFile(context, path);
    return Promise.resolve({ path, links: listForwardLinks(context.host, path, context.host.getMetadata(path) ?? {}) });
  },
  summarize: (output) => `${output.path} has ${output.links.length} outgoing link${output.links.length === 1 ? '' : 's'} (${output.links.filter((link) => link.target === null).length} unresolved).`,
});
