import * as z from 'zod';
import { noteTags, tagMatches, toTagName } from '../../notes/note-tags';
import { extensionOf } from '../../vault/paths';
import { defineOperation, READ_ONLY } from '../operation';
import { paginate } from '../cursor';
import { cursorField, limitField, nextCursorField } from '../schemas';

/** `tag_notes`: notes carrying a tag or one nested below it. */
export const tagNotes = defineOperation({
  name: 'tag_notes',
  title: 'Notes with a tag',
  description: 'List notes with a tag or one nested below it ("project" matches #project/alpha), case-insensitive, sorted by path.',
  input: z.object({ tag: z.string().min(1).describe('Tag, # optional, e.g. "project".'), limit: limitField(100, 1000), cursor: cursorField }),
  output: z.object({
    tag: z.string().describe('The tag asked for, without #.'),
    notes: z.array(z.object({ path: z.string().describe('Note path.'), tags: z.array(z.string()).describe('Its matching tags.') })).describe('This page of notes.'),
    total: z.number().int().describe('Notes matching.'),
    next_cursor: nextCursorField,
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/tags/{tag}/notes' },
  cli: ['tag', 'notes'],
  run(input, context) {
    const notes = context.host
      .listFiles()
      .map((file) => file.path)
      .filter((path) => extensionOf(path) === 'md')
      .sort()
      .map((path) => ({ path, tags: noteTags(context.host.getMetadata(path) ?? {}).filter((tag) => tagMatches(tag, input.tag)) }))
      .filter((note) => note.tags.length > 0);
    const { page, next_cursor } = paginate(notes, input.cursor, input.limit);
    return Promise.resolve({ tag: toTagName(input.tag), notes: page, total: notes.length, next_cursor });
  },
  summarize: (output) => `${output.total} note${output.total === 1 ? '' : 's'} tagged #${output.tag}.`,
});
