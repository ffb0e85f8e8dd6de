import { renderFields } from './render-fields';
import { renderNote } from './render-note';

interface NotesOutput {
  notes: { path: string; etag: string; body?: string; frontmatter?: Record<string, unknown> | null; truncated?: boolean; next_line?: number }[];
}

/**
 * The text of several notes read at once: the summary, then each note as `renderNote` writes it
 * under a `==> path (etag …) <==` line (as `head` separates files), a cut body ending with a line
 * that says where to read on; then the other fields (skipped paths with code and reason, total,
 * cursor).
 */
export function renderNotes(output: NotesOutput, summary: string): string {
  const notes = output.notes.map(({ truncated, next_line: nextLine, ...note }) => {
    const body = truncated === true && note.body !== undefined ? `${note.body.replace(/([^\n])$/, '$1\n')}…(truncated at max_bytes; note_read with from_line ${nextLine ?? 1} reads on)\n` : note.body;
    const [header = '', ...content] = renderNote({ ...note, ...(body === undefined ? {} : { body }) }, summary).split('\n');
    const text = content.join('\n').trimEnd();
    return [`==> ${header} <==`, ...(text === '' ? [] : [text])].join('\n');
  });
  const [first = summary, ...rest] = renderFields(output, summary, ['notes']).split('\n');
  return [first, ...notes, ...rest].join('\n');
}
