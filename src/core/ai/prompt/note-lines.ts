/**
 * A note's lines as the model sees and cites them, 0-based like Obsidian's positions: split at
 * `\n` or `\r\n`, a leading byte order mark dropped, and no phantom empty line after the final
 * line break (an empty note has one empty line).
 */
export function noteLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
