import type { NoteSnapshot } from '../scope/read-scope-notes';
import { estimateTokens } from '../runtime/estimate-tokens';

/** The line that ends a note cut short by its token budget. */
export const TRUNCATED_MARKER = '…(truncated)';

/** Estimated tokens of the blank line that separates two rendered notes. */
export const SEPARATOR_TOKENS = 1;

/**
 * The pieces a rendered note is made of, each with its own text so renderers and chunkers count
 * the same tokens. Summing the pieces' estimates never undercounts the whole (each estimate
 * rounds up), so a budget met piece by piece is met by the rendered text.
 */
export const promptPieces = {
  /** The opening tag, with the line range when only part of the note is shown. */
  open(note: NoteSnapshot, range?: { startLine: number; endLine: number }): string {
    const lines = range === undefined ? '' : ` lines="${range.startLine}-${range.endLine}"`;
    return `<note path="${escapeAttribute(note.path)}" etag="${note.etag}"${lines}>\n`;
  },
  /** One numbered line. */
  line(number: number, text: string): string {
    return `${number}| ${text}\n`;
  },
  close: '</note>',
  truncated: `${TRUNCATED_MARKER}\n`,
  /** Estimated tokens of a piece. */
  tokens(piece: string): number {
    return estimateTokens(piece);
  },
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
