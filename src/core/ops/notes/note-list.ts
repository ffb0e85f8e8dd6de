import { compareCodeUnits } from '../compare';
import * as z from 'zod';
import { matchesFrontmatter } from '../../notes/frontmatter-filter';
import { compileGlob } from '../../notes/glob';
import { noteTags, tagMatches } from '../../notes/note-tags';
import { basenameOf, extensionOf } from '../../vault/paths';
import type { VaultFile } from '../../vault/vault-host';
import { defineOperation, READ_ONLY } from '../operation';
import type { OperationContext } from '../operation-context';
import { paginate } from '../cursor';
import { cursorField, limitField, nextCursorField } from '../schemas';

const noteSummarySchema = z.object({
  path: z.string().describe('Vault-relative path.'),
  title: z.string().describe('File name without extension, as Obsidian shows it.'),
  tags: z.array(z.string()).describe('Tags without #, frontmatter first.'),
  mtime: z.number().describe('Modification time, ms since epoch.'),
  size: z.number().describe('Size in bytes.'),
});

/** `note_list`: notes filtered by glob, tag and frontmatter, sorted by path, paginated. */
export const noteList = defineOperation({
  name: 'note_list',
  title: 'List notes',
  description: 'List notes sorted by path, filtered by path glob, tag and frontmatter values. Paginated.',
  input: z.object({
    path_glob: z.string().optional().describe('Path glob, e.g. "Projects/**" or "**/*meeting*".'),
    tag: z.string().optional().describe('Only notes with this tag or one nested below it ("project" matches #project/alpha); # optional.'),
    frontmatter: z.record(z.string(), z.unknown()).optional().describe('Property values, all must match, e.g. {"status": "draft"}; a list property matches if it contains the value; null matches a missing one.'),
    limit: limitField(100, 1000),
    cursor: cursorField,
  }),
  output: z.object({
    notes: z.array(noteSummarySchema).describe('This page of notes.'),
    total: z.number().int().describe('Number of notes matching the filters.'),
    next_cursor: nextCursorField,
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/notes' },
  cli: ['note', 'list'],
  run(input, context) {
    const matches = compileGlob(input.path_glob);
    const notes = context.host
      .listFiles()
      .filter((file) => extensionOf(file.path) === 'md' && matches(file.path))
      .sort((a, b) => compareCodeUnits(a.path, b.path))
      .map((file) => toSummary(context, file))
      .filter((note) => (input.tag === undefined || note.tags.some((tag) => tagMatches(tag, input.tag ?? ''))) && (input.frontmatter === undefined || matchesFrontmatter(note.frontmatter, input.frontmatter)));
    const { page, next_cursor } = paginate(notes, input.cursor, input.limit);
    return Promise.resolve({ notes: page.map(({ frontmatter: _ignored, ...note }) => note), total: notes.length, next_cursor });
  },
  summarize: (output) => `Listed ${output.notes.length} of ${output.total} notes${output.next_cursor === null ? '' : ' (more available)'}.`,
});

function toSummary(context: OperationContext, file: VaultFile) {
  const cache = context.host.getMetadata(file.path) ?? {};
  return { path: file.path, title: basenameOf(file.path), tags: noteTags(cache), mtime: file.stat.mtime, size: file.stat.size, frontmatter: cache.frontmatter };
}
