import type { NoteSnapshot } from '../scope/read-scope-notes';
import { noteLines } from './note-lines';
import { promptPieces } from './prompt-pieces';

export { chunkNotes, type NoteRange } from './chunk-notes';

/** How much of a note to render. */
export interface RenderNoteOptions {
  /** Token budget of the rendered text; lines past it are replaced by a final `…(truncated)` line. */
  maxTokens?: number;
  /** First line to show (0-based, default 0). */
  startLine?: number;
  /** Last line to show, inclusive (default the note's last line). */
  endLine?: number;
}

/**
 * Renders a note for a prompt: `<note path="P" etag="E">`, then every line prefixed by its 0-based
 * number (`12| text`) so the model can cite lines, then `</note>`. With a line range the tag says
 * which lines (`lines="40-79"`) and only those are shown, numbered as in the whole note. With
 * `maxTokens` the lines that do not fit are dropped and a `…(truncated)` line says so (the tags
 * always stay).
 */
export function renderNoteForPrompt(note: NoteSnapshot, options: RenderNoteOptions = {}): string {
  const lines = noteLines(note.text);
  const range = rangeOf(lines.length, options);
  const open = promptPieces.open(note, range.partial ? { startLine: range.startLine, endLine: range.endLine } : undefined);
  let budget = (options.maxTokens ?? Number.POSITIVE_INFINITY) - promptPieces.tokens(open) - promptPieces.tokens(promptPieces.close);
  const parts = [open];
  for (let number = range.startLine; number <= range.endLine; number += 1) {
    const piece = promptPieces.line(number, lines[number] ?? '');
    const cost = promptPieces.tokens(piece);
    const reserve = number === range.endLine ? 0 : promptPieces.tokens(promptPieces.truncated);
    if (cost + reserve > budget) return [...parts, promptPieces.truncated, promptPieces.close].join('');
    parts.push(piece);
    budget -= cost;
  }
  return [...parts, promptPieces.close].join('');
}

function rangeOf(lineCount: number, options: RenderNoteOptions): { startLine: number; endLine: number; partial: boolean } {
  const last = lineCount - 1;
  const startLine = Math.min(Math.max(0, options.startLine ?? 0), last);
  const endLine = Math.max(startLine, Math.min(last, options.endLine ?? last));
  return { startLine, endLine, partial: startLine > 0 || endLine < last };
}
