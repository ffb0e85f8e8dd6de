import * as z from 'zod';
import { IndxError, isIndxError } from '../../errors';
import { capBytes } from '../../notes/cap-bytes';
import { compileGlob } from '../../notes/glob';
import { lineAtOffset } from '../../notes/note-lines';
import { extensionOf, toNotePath } from '../../vault/paths';
import { compareCodeUnits } from '../compare';
import { fromCursor, toCursor } from '../cursor';
import { defineOperation, READ_ONLY } from '../operation';
import type { OperationContext } from '../operation-context';
import { renderNotes } from '../render/render-notes';
import { nextCursorField } from '../schemas';
import { loadNote, noteParts, notePartsEnum, notePartsShape, type NotePart } from './note-parts';

/** The most paths one call may name. */
const MAX_PATHS = 1000;

/** The most notes one call reads; `next_cursor` reads on. */
const PAGE_SIZE = 20;

const skippedSchema = z.object({
  path: z.string().describe('The path as given.'),
  code: z.string().describe('Error code: not_found, not_markdown, invalid_path, path_forbidden, not_utf8, or invalid_input for a repeat.'),
  reason: z.string().describe('What is wrong and what to do.'),
});

/** `note_read_many`: several notes in one call, by paths in request order or by glob in path order; a bad path is skipped, never fatal. */
export const noteReadMany = defineOperation({
  name: 'note_read_many',
  title: 'Read several notes',
  description: 'Read notes by paths (in order) or glob (path order) with etags; unreadable paths go to skipped with a reason.',
  input: z.object({
    paths: z.array(z.string()).min(1).max(MAX_PATHS).optional().describe('Note paths, or give glob.'),
    glob: z.string().min(1).optional().describe('Path glob, e.g. "Projects/**".'),
    include: z.array(notePartsEnum).default(['body', 'frontmatter']).describe('As in note_read.'),
    max_bytes: z.number().int().min(1).max(200_000).default(10_240).describe('Body cap, UTF-8 bytes (cut at a line end; truncated: true).'),
    cursor: z.string().optional().describe(`next_cursor of the last call (${PAGE_SIZE} notes a call).`),
  }),
  output: z.object({
    notes: z
      .array(
        z.object({
          ...notePartsShape,
          truncated: z.boolean().optional().describe('True when the body was cut at max_bytes.'),
          next_line: z.number().int().optional().describe('Where a cut body resumes: note_read from_line.'),
        }),
      )
      .describe('The notes read, in request order (path order for a glob).'),
    skipped: z.array(skippedSchema).describe('Paths not read, in request order.'),
    total: z.number().int().describe('Paths given, or notes the glob matches.'),
    next_cursor: nextCursorField,
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'POST', path: '/v1/notes/read-many' },
  cli: ['note', 'get-many'],
  async run(input, context) {
    const requested = requestedPaths(context, input);
    const offset = fromCursor(input.cursor);
    const firsts = firstOccurrences(requested);
    const page = requested.slice(offset, offset + PAGE_SIZE);
    const outcomes = await Promise.all(page.map((path, index) => readOne(context, path, firsts, offset + index, input)));
    return {
      notes: outcomes.flatMap((outcome) => (outcome.note === undefined ? [] : [outcome.note])),
      skipped: outcomes.flatMap((outcome) => (outcome.skipped === undefined ? [] : [outcome.skipped])),
      total: requested.length,
      next_cursor: toCursor(offset + PAGE_SIZE, requested.length),
    };
  },
  summarize: (output) => {
    const truncated = output.notes.filter((note) => note.truncated === true).length;
    const details = [output.skipped.length === 0 ? '' : `, skipped ${output.skipped.length}`, truncated === 0 ? '' : `, ${truncated} truncated`, output.next_cursor === null ? '' : ` (${output.total} in all, more available)`];
    return `Read ${output.notes.length} note${output.notes.length === 1 ? '' : 's'}${details.join('')}.`;
  },
  render: renderNotes,
});

/** The paths a call asks for: its own list, or the notes its glob matches in path order; `invalid_input` unless exactly one is given. */
function requestedPaths(context: OperationContext, input: { paths?: string[]; glob?: string }): string[] {
  if ((input.paths === undefined) === (input.glob === undefined)) {
    throw new IndxError('invalid_input', 'Give either paths (a list of note paths) or glob (e.g. "Projects/**"), not both and not neither.', { fields: ['paths', 'glob'] });
  }
  if (input.paths !== undefined) return input.paths;
  const matches = compileGlob(input.glob);
  return context.host
    .listFiles()
    .filter((file) => extensionOf(file.path) === 'md' && matches(file.path))
    .map((file) => file.path)
    .sort(compareCodeUnits);
}

/** For each note path (normalised) among `paths`, the index of its first mention. */
function firstOccurrences(paths: readonly string[]): Map<string, number> {
  const firsts = new Map<string, number>();
  paths.forEach((path, index) => {
    const key = notePathOrNull(path);
    if (key !== null && !firsts.has(key)) firsts.set(key, index);
  });
  return firsts;
}

function notePathOrNull(path: string): string | null {
  try {
    return toNotePath(path);
  } catch {
    return null;
  }
}

type ReadInput = { paths?: string[]; include: NotePart[]; max_bytes: number };

/** The note at `path`, item `index` of the request, with its body capped; or why it was skipped: the read's error, or a repeat of an earlier item. */
async function readOne(context: OperationContext, path: string, firsts: ReadonlyMap<string, number>, index: number, input: ReadInput) {
  const first = firsts.get(notePathOrNull(path) ?? '');
  if (first !== undefined && first < index) {
    const reason = `The same note as "${input.paths?.[first] ?? path}" (item ${first + 1}), which is read once.`;
    return { skipped: { path, code: 'invalid_input', reason } };
  }
  try {
    const note = await loadNote(context, path);
    const parts = await noteParts(context, note, input.include);
    if (parts.body === undefined) return { note: parts };
    const capped = capBytes(parts.body, input.max_bytes);
    if (!capped.truncated) return { note: parts };
    const bodyStart = note.text.length - parts.body.length;
    return { note: { ...parts, body: capped.text, truncated: true, next_line: lineAtOffset(note.text, bodyStart + capped.text.length) } };
  } catch (error: unknown) {
    if (isIndxError(error)) return { skipped: { path, code: error.code, reason: error.message } };
    // Security: a file-system error's message names the file's absolute path; it is not repeated.
    return { skipped: { path, code: 'internal_error', reason: 'The file could not be read. Try note_read on it alone.' } };
  }
}
