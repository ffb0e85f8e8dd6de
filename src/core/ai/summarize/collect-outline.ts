import type { NoteSnapshot } from '../scope/read-scope-notes';
import type { OutlineItem } from './summarize-output-schema';

/**
 * The outline part of a summary: every heading of the notes as written, in the notes' order
 * (sorted paths) and line order. Taken from the notes themselves, never from the model, so it is
 * deterministic and always points at real lines.
 */
export function collectOutline(notes: readonly NoteSnapshot[]): OutlineItem[] {
  return notes.flatMap((note) => note.outline.map((entry) => ({ heading: entry.heading, line: entry.line, path: note.path })));
}
