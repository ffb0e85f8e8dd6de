import { type ContentLine, isBlank } from './content-line';
import { blockTextStart } from './block-starts';
import { interruptsParagraph, startsNonParagraph } from './block-interrupts';
import { type BlockResult, type ParseChildren, lineAtIndex } from './block-result';

/** A callout's first line: `[!type]` right after the quote marker. */
const CALLOUT_START = /^\[![^\]]+\]/;

/**
 * A blockquote, or a callout when its first line starts with `[!type]`. A line without `>`
 * continues the quote lazily when the quote's previous line was paragraph text and the line
 * does not start another block; a blank line ends the quote.
 */
export function quoteAt(content: string, lines: ContentLine[], index: number, parseChildren: ParseChildren): BlockResult | null {
  if (quoteContent(content, lineAtIndex(lines, index)) === null) return null;
  const inner: ContentLine[] = [];
  let previousIsText = false;
  let next = index;
  for (; next < lines.length; next += 1) {
    const line = lineAtIndex(lines, next);
    const stripped = quoteContent(content, line);
    if (stripped !== null) {
      inner.push(stripped);
      previousIsText = !isBlank(content, stripped) && !startsNonParagraph(content, stripped);
      continue;
    }
    if (!previousIsText || isBlank(content, line) || interruptsParagraph(content, line)) break;
    inner.push(line);
  }
  const first = lineAtIndex(lines, index);
  const firstInner = inner[0];
  const isCallout = firstInner !== undefined && CALLOUT_START.test(content.slice(blockTextStart(content, firstInner), firstInner.end));
  return {
    node: {
      kind: isCallout ? 'callout' : 'blockquote',
      start: first.start,
      end: lineAtIndex(lines, next - 1).end,
      children: parseChildren(inner),
    },
    next,
  };
}

/** The line after its `>` marker and one optional space or tab, or null without a marker. */
function quoteContent(content: string, line: ContentLine): ContentLine | null {
  const textStart = blockTextStart(content, line);
  if (textStart === -1 || content.charCodeAt(textStart) !== 62) return null;
  const after = content.charCodeAt(textStart + 1);
  const skip = textStart + 1 < line.end && (after === 32 || after === 9) ? 2 : 1;
  return { line: line.line, start: textStart + skip, end: line.end };
}
