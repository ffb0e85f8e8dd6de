import { compareCodeUnits } from '../compare';
import * as z from 'zod';
import { defineOperation, READ_ONLY } from '../operation';
import { paginate } from '../cursor';
import { cursorField, limitField, nextCursorField } from '../schemas';

/** `link_unresolved`: every link whose target does not exist, by source. */
export const linkUnresolved = defineOperation({
  name: 'link_unresolved',
  title: 'Unresolved links',
  description: 'List broken links (targets matching no file) with the note containing them and a count, sorted by source path.',
  input: z.object({ limit: limitField(100, 1000), cursor: cursorField }),
  output: z.object({
    unresolved: z.array(z.object({ source: z.string().describe('Note containing the link.'), link: z.string().describe('Link target as written (no subpath).'), count: z.number().int().describe('Occurrences in that note.') })).describe('This page of broken links.'),
    total: z.number().int().describe('Total (source, link) pairs.'),
    next_cursor: nextCursorField,
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/links/unresolved' },
  cli: ['link', 'unresolved'],
  run(input, context) {
    const all = Object.entries(context.host.unresolvedLinks())
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .flatMap(([source, links]) => Object.entries(links).sort(([a], [b]) => compareCodeUnits(a, b)).map(([link, count]) => ({ source, link, count })));
    const { page, next_cursor } = paginate(all, input.cursor, input.limit);
    return Promise.resolve({ unresolved: page, total: all.length, next_cursor });
  },
  summarize: (output) => `${output.total} unresolved link${output.total === 1 ? '' : 's'}.`,
});
