import * as z from 'zod';
import { sliceLines } from '../../notes/note-lines';
import { defineOperation, READ_ONLY } from '../operation';
import { renderNote } from '../render/render-note';
import { pathField } from '../schemas';
import { loadNote, noteParts, notePartsEnum, notePartsShape, type NotePart } from './note-parts';

/** `note_read`: a note's body and whatever else `include` asks for, or a range of its lines; always path and etag. */
export const noteRead = defineOperation({
  name: 'note_read',
  title: 'Read a note',
  description: 'Read a note: path, etag (pass as if_match when writing) and the parts in include; from_line, line_count or line_numbers return file lines instead.',
  input: z.object({
    path: pathField,
    include: z.array(notePartsEnum).optional().describe('Parts (default body, frontmatter; none with lines); outline = headings, links = outgoing, backlinks = incoming.'),
    from_line: z.number().int().min(1).optional().describe('1-based line of the whole file, frontmatter included (outline line + 1).'),
    line_count: z.number().int().min(1).optional().describe('Lines to return (default: all).'),
    line_numbers: z.boolean().optional().describe('Prefix lines with "N: ".'),
  }),
  output: z.object({
    ...notePartsShape,
    lines: z.string().optional().describe('The lines asked for, as in the file (line breaks kept), numbered when asked.'),
    from_line: z.number().int().optional().describe('First line returned, 1-based.'),
    to_line: z.number().int().optional().describe('Last line returned; below from_line when the range starts past the end.'),
    total_lines: z.number().int().optional().describe('Lines in the whole file: page with from_line = to_line + 1 until to_line = total_lines.'),
  }),
  scope: 'vault:read',
  annotations: READ_ONLY,
  http: { method: 'GET', path: '/v1/notes/{path}' },
  cli: ['note', 'get'],
  async run(input, context) {
    const note = await loadNote(context, input.path);
    const ranged = input.from_line !== undefined || input.line_count !== undefined || input.line_numbers === true;
    const include: readonly NotePart[] = input.include ?? (ranged ? [] : ['body', 'frontmatter']);
    const parts = await noteParts(context, note, include);
    if (!ranged) return parts;
    return { ...parts, ...sliceLines(note.text, { from: input.from_line, count: input.line_count, numbered: input.line_numbers }) };
  },
  summarize: (output) => `Read ${output.path}${output.total_lines === undefined ? '' : ` lines ${output.from_line}–${output.to_line} of ${output.total_lines}`} (etag ${output.etag}${output.body === undefined ? '' : `, ${output.body.length} chars`}).`,
  render: renderNote,
});
