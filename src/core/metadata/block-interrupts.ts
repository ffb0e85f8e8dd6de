import { type ContentLine, measureIndent } from './content-line';
import { atxHeadingAt, fenceOpenAt, isThematicBreak } from './block-starts';
import { htmlBlockKind } from './html-block-start';
import { listMarkerAt } from './list-marker';

/**
 * The first character of a line's text when it is indented at most three columns (-1 when the
 * line is blank or indented further): lets callers try only the block kinds that can start with
 * it instead of every recogniser.
 */
export function leadingCode(content: string, line: ContentLine): number {
  const indent = measureIndent(content, line);
  return indent.columns > 3 || indent.textStart >= line.end ? -1 : content.charCodeAt(indent.textStart);
}

/** True when the line starts with `%%` or `$$` (the second character equals the first). */
function startsWithDouble(content: string, line: ContentLine, code: number): boolean {
  const textStart = measureIndent(content, line).textStart;
  return content.charCodeAt(textStart) === code && content.charCodeAt(textStart + 1) === code;
}

/**
 * True when the line starts a block that does not hold paragraph text (fence, heading, break,
 * HTML, comment or math): a lazy continuation line cannot follow such a line.
 */
export function startsNonParagraph(content: string, line: ContentLine): boolean {
  const code = leadingCode(content, line);
  switch (code) {
    case 96:
    case 126:
      return fenceOpenAt(content, line) !== null;
    case 35:
      return atxHeadingAt(content, line) !== null;
    case 45:
    case 42:
    case 95:
      return isThematicBreak(content, line);
    case 37:
    case 36:
      return startsWithDouble(content, line, code);
    case 60:
      return htmlBlockKind(content, line) !== 0;
    default:
      return false;
  }
}

/**
 * True when the line ends a paragraph without a blank line (CommonMark: fences, headings,
 * breaks, quotes, HTML kinds 1–6, non-empty bullets and lists starting at 1; Obsidian adds `%%`
 * comments and `$$` math).
 */
export function interruptsParagraph(content: string, line: ContentLine): boolean {
  const code = leadingCode(content, line);
  if (code === 62) return true;
  if (code === 60) {
    const html = htmlBlockKind(content, line);
    return html >= 1 && html <= 6;
  }
  if (startsNonParagraph(content, line)) return true;
  if (code !== 45 && code !== 42 && code !== 43 && code !== 49) return false;
  const marker = listMarkerAt(content, line);
  return marker !== null && !marker.isEmpty && (!marker.ordered || marker.number === 1);
}

/** True when a line that is not part of a list item's indentation cannot continue it lazily. */
export function interruptsLazyLine(content: string, line: ContentLine): boolean {
  return leadingCode(content, line) === 62 || startsNonParagraph(content, line);
}
