import type { NoteSnapshot } from '../scope/read-scope-notes';
import { noteLines } from './note-lines';
import { promptPieces } from './prompt-pieces';

/**
 * Renders only a note's headings for a prompt, delimited like a whole note
 * (`renderNoteForPrompt`): `<note path="P" etag="E">`, the first `maxHeadings` heading lines as
 * the note writes them, each prefixed by its 0-based number, then `</note>`. Heading text is vault
 * content too, so it stays inside the tags the system prompt declares as data.
 */
export function renderOutlineForPrompt(note: NoteSnapshot, maxHeadings: number): string {
  const lines = noteLines(note.text);
  const headings = note.outline.slice(0, maxHeadings).map((heading) => promptPieces.line(heading.line, lines[heading.line] ?? heading.heading));
  return [promptPieces.open(note), ...headings, promptPieces.close].join('');
}
