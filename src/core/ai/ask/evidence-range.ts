import type { NoteSnapshot } from '../scope/read-scope-notes';

/** Lines shown before and after the best matching section. */
const CONTEXT_LINES = 3;

/** A note this small (estimated tokens) is shown whole rather than by section. */
export const WHOLE_NOTE_TOKENS = 600;

/** Lines of a note to show as evidence, 0-based and inclusive. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/**
 * The part of a note shown as evidence: the whole note when it is small or the search gave no
 * section (`line` null); otherwise the section starting at `line`, up to the next heading, with a
 * few lines of context either side.
 */
export function evidenceRange(note: NoteSnapshot, line: number | null, lineCount: number): LineRange {
  const last = Math.max(0, lineCount - 1);
  if (line === null || note.tokens <= WHOLE_NOTE_TOKENS) return { startLine: 0, endLine: last };
  const next = note.outline.find((heading) => heading.line > line);
  const sectionEnd = next === undefined ? last : next.line - 1;
  return { startLine: Math.max(0, line - CONTEXT_LINES), endLine: Math.min(last, sectionEnd + CONTEXT_LINES) };
}
