import type { NoteSnapshot } from './read-scope-notes';

/** The `scope_resolved` of a result: the notes read, in the order read, and their estimated tokens. */
export function scopeResolvedOf(notes: readonly NoteSnapshot[]): { paths: string[]; total_tokens: number } {
  return { paths: notes.map((note) => note.path), total_tokens: notes.reduce((sum, note) => sum + note.tokens, 0) };
}
