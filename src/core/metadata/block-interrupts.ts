import type { ContentLine } from './content-line';
import { atxHeadingAt, fenceOpenAt, isThematicBreak, startsWithMarker } from './block-starts';
import { htmlBlockKind } from './html-block-start';
import { listMarkerAt } from './list-marker';

/**
 * True when the line starts a block that does not hold paragraph text (fence, heading, break,
 * HTML, comment or math): a lazy continuation line cannot follow such a line.
 */
export function startsNonParagraph(content: string, line: ContentLine): boolean {
  return (
    fenceOpenAt(content, line) !== null ||
    atxHeadingAt(content, line) !== null ||
    isThematicBreak(content, line) ||
    startsWithMarker(content, line, '%%') ||
    startsWithMarker(content, line, '$$') ||
    htmlBlockKind(content, line) !== 0
  );
}

/**
 * True when the line ends a paragraph without a blank line (CommonMark: fences, headings,
 * breaks, quotes, HTML kinds 1–6, non-empty bullets and lists starting at 1; Obsidian adds `%%`
 * comments and `$$` math).
 */
export function interruptsParagraph(content: string, line: ContentLine): boolean {
  if (
    fenceOpenAt(content, line) !== null ||
    atxHeadingAt(content, line) !== null ||
    isThematicBreak(content, line) ||
    startsWithMarker(content, line, '>') ||
    startsWithMarker(content, line, '%%') ||
    startsWithMarker(content, line, '$$')
  ) {
    return true;
  }
  const html = htmlBlockKind(content, line);
  if (html >= 1 && html <= 6) return true;
  const marker = listMarkerAt(content, line);
  return marker !== null && !marker.isEmpty && (!marker.ordered || marker.number === 1);
}

/** True when a line that is not part of a list item's indentation cannot continue it lazily. */
export function interruptsLazyLine(content: string, line: ContentLine): boolean {
  return startsNonParagraph(content, line) || startsWithMarker(content, line, '>');
}
