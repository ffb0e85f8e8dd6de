import * as z from 'zod';
import { buildTagIndex } from '../../notes/tag-index';
import { defineOperation, READ_ONLY } from '../operation';

/** `tag_list`: every tag with note counts, nested tags rolled up into their parents. */
export const tagList = defineOperation({
  name: 'tag_list',
  title: 'List tags',
  description: 'List all tags (frontmatter and inline, case-insensitive) with count (notes with exactly it), total (nested tags included) and occurrences.',
  input: z.object({}),
  output: z.object({
    tags: z.array(z.object({
      tag: z.string().describe('Tag without #, nested parts separated by /.'),
      count: z.number().int().describe('Notes with exactly this tag.'),
      total: z.number().int().describe('Notes with this tag or one nested below it.'),
      occurrences: z.number().int().describe('Times it is written across the vault.'),
    })).describe('Tags sorted alphabetically.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/tags' },
  cli: ['tag', 'list'],
  run: (_input, context) => Promise.resolve({ tags: buildTagIndex(context.host) }),
  summarize: (output) => `${output.tags.length} tag${output.tags.length === 1 ? '' : 's'}.`,
});
