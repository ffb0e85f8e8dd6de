import type { ContentLine } from './content-line';
import { findLastAtOrBefore } from './find-last-at-or-before';

/**
 * The inline text of a block: its content lines joined with `\n` (container prefixes removed),
 * with a map back to offsets in the note.
 */
export interface InlineText {
  text: string;
  /** Index in `text` where each content line begins. */
  textStarts: number[];
  /** Offset in the note where each content line begins. */
  sourceStarts: number[];
}

/** Joins the content lines of one block. */
export function createInlineText(content: string, lines: ContentLine[]): InlineText {
  const only = lines.length === 1 ? lines[0] : undefined;
  if (only !== undefined) return { text: content.slice(only.start, only.end), textStarts: [0], sourceStarts: [only.start] };
  const parts: string[] = [];
  const textStarts: number[] = [];
  const sourceStarts: number[] = [];
  let length = 0;
  for (const line of lines) {
    textStarts.push(length);
    sourceStarts.push(line.start);
    const part = content.slice(line.start, line.end);
    parts.push(part);
    length += part.length + 1;
  }
  return { text: parts.join('\n'), textStarts, sourceStarts };
}

/** The note offset of index `textIndex` of the inline text (an end index maps to a line end). */
export function toSourceOffset(inline: InlineText, textIndex: number): number {
  const starts = inline.textStarts;
  if (starts.length === 1) return (inline.sourceStarts[0] ?? 0) + textIndex;
  const part = findLastAtOrBefore(starts, textIndex);
  return (inline.sourceStarts[part] ?? 0) + textIndex - (starts[part] ?? 0);
}
