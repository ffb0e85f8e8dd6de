import * as z from 'zod';
import { IndxError } from '../../errors';
import { beginIntent, unreadablePlan } from '../../journal/intent-journal';
import { parseMetadata } from '../../metadata/parse-metadata';
import { noteTags, tagMatches } from '../../notes/note-tags';
import { renameTagInNote } from '../../tags/rename-tag-in-note';
import { isValidTagName, normalizeTag } from '../../tags/tag-name';
import { mutateFile } from '../../vault/mutate-file';
import { extensionOf } from '../../vault/paths';
import { DESTRUCTIVE, defineOperation } from '../operation';
import type { OperationContext } from '../operation-context';

/** `tag_rename`: renames a tag (and its nested children) in frontmatter and inline, vault-wide. */
export const tagRename = defineOperation({
  name: 'tag_rename',
  title: 'Rename a tag',
  description: 'Rename a tag everywhere (inline and frontmatter, case-insensitive, nested tags too: #old/x becomes #new/x). Only tag text changes. dry_run previews.',
  input: z.object({
    from: z.string().min(1).describe('Tag to rename, # optional.'),
    to: z.string().min(1).describe('New tag, # optional: no spaces, no punctuation but _ - /, not only digits.'),
    dry_run: z.boolean().default(false).describe('Report changes without writing.'),
  }),
  output: z.object({
    from: z.string().describe('Old tag, without #.'),
    to: z.string().describe('New tag, without #.'),
    dry_run: z.boolean().describe('True when nothing was written.'),
    notes: z.array(z.object({ path: z.string().describe('Note path.'), changes: z.number().int().describe('Tag occurrences renamed.'), etag: z.string().nullable().describe('New etag; null in a dry run.') })).describe('Notes changed (or that would change).'),
    total_changes: z.number().int().describe('Tag occurrences renamed across the vault.'),
  }),
  scope: 'vault:write',
  annotations: DESTRUCTIVE,
  http: { method: 'POST', path: '/v1/tags/rename' },
  cli: ['tag', 'rename'],
  async run(input, context) {
    const from = normalizeTag(input.from);
    const to = normalizeTag(input.to);
    for (const name of [from, to]) if (!isValidTagName(name)) throw new IndxError('invalid_input', `"${name}" is not a tag Obsidian would read whole: no spaces or punctuation other than _, - and / (for nesting), and not only digits.`, { tag: name });
    const paths = candidates(context, from);
    if (input.dry_run) {
      const notes = [];
      for (const path of paths) {
        const changes = await preview(context, path, from, to);
        if (changes > 0) notes.push({ path, changes, etag: null });
      }
      return { from, to, dry_run: true, notes, total_changes: notes.reduce((sum, note) => sum + note.changes, 0) };
    }
    // The journal entry names every note with its ETag before the rename: a crash half-way is
    // finished at the next start, on the notes still carrying it.
    const plan: TagRenamePlan = { from, to, notes: [] };
    for (const path of paths) plan.notes.push({ path, etag: context.etag(await context.host.read(path)) });
    const intent = paths.length < 2 ? null : await beginIntent(context, 'tag_rename', { subject: from, to }, plan);
    const notes = [];
    for (const path of paths) {
      const changed = await apply(context, path, from, to);
      if (changed.changes > 0) notes.push({ path, ...changed });
    }
    await intent?.finish();
    return { from, to, dry_run: input.dry_run, notes, total_changes: notes.reduce((sum, note) => sum + note.changes, 0) };
  },
  async recover(rawPlan, context) {
    const parsed = tagRenamePlanSchema.safeParse(rawPlan);
    if (!parsed.success) throw unreadablePlan('tag_rename', parsed.error.issues[0]?.message ?? 'invalid');
    const { from, to, notes } = parsed.data;
    let files = 0;
    for (const note of notes) {
      if (context.host.stat(note.path) === null) continue;
      // A note whose ETag moved on was renamed before the crash (or edited since): left alone.
      const renamed = await apply(context, note.path, from, to, note.etag).catch(skipChanged);
      if (renamed.etag !== null) files += 1;
    }
    return { outcome: 'completed', files };
  },
  summarize: (output) => `${output.dry_run ? 'Would rename' : 'Renamed'} #${output.from} to #${output.to}: ${output.total_changes} occurrence${output.total_changes === 1 ? '' : 's'} in ${output.notes.length} note${output.notes.length === 1 ? '' : 's'}.`,
});

function candidates(context: OperationContext, from: string): string[] {
  return context.host
    .listFiles()
    .map((file) => file.path)
    .filter((path) => extensionOf(path) === 'md' && noteTags(context.host.getMetadata(path) ?? {}).some((tag) => tagMatches(tag, from)))
    .sort();
}

/** What a tag rename's journal entry holds: the tags, and each note to rename in with its ETag before. */
const tagRenamePlanSchema = z.object({ from: z.string(), to: z.string(), notes: z.array(z.object({ path: z.string(), etag: z.string() })) });

type TagRenamePlan = z.infer<typeof tagRenamePlanSchema>;

async function preview(context: OperationContext, path: string, from: string, to: string): Promise<number> {
  const text = await context.host.read(path);
  return renameTagInNote({ text, cache: parseMetadata(text), from, to }).changed;
}

async function apply(context: OperationContext, path: string, from: string, to: string, ifMatch?: string) {
  let changes = 0;
  const result = await mutateFile(
    context,
    path,
    'tag_rename',
    (text) => {
      const renamed = renameTagInNote({ text, cache: parseMetadata(text), from, to });
      changes = renamed.changed;
      return renamed.text;
    },
    ifMatch,
  );
  return { changes, etag: result.changed ? result.etag : null };
}

function skipChanged(error: unknown): { changes: number; etag: null } {
  // Renamed before the crash (or edited since), or read-only (access.read_only_paths): left as it is.
  if (error instanceof IndxError && (error.code === 'etag_mismatch' || (error.code === 'path_forbidden' && error.details.rule === 'read_only_paths'))) return { changes: 0, etag: null };
  throw error;
}
