/** A line break sequence as written in a note. */
export type LineEnding = '\n' | '\r\n';

/**
 * Detects the line ending a note uses: CRLF when its first line break is `\r\n`, LF otherwise
 * (including a note with no line break at all).
 */
export function detectLineEnding(text: string): LineEnding {
  const index = text.indexOf('\n');
  return index > 0 && text[index - 1] === '\r' ? '\r\n' : '\n';
}

/** Rewrites every line break of `markdown` (LF, CRLF or a lone CR) to `lineEnding`. */
export function withLineEnding(markdown: string, lineEnding: LineEnding): string {
  return markdown.replace(/\r\n|\r|\n/g, lineEnding);
}
