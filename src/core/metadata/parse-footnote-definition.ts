import { type ContentLine, isBlank, measureIndent, stripColumns } from './content-line';
import { blockTextStart } from './block-starts';
import { interruptsParagraph } from './block-interrupts';
import { type BlockResult, type ParseChildren, lineAtIndex } from './block-result';

/** `[^id]:` at the start of a line; the id holds no whitespace or `]`. */
const DEFINITION_START = /^\[\^([^\]\s]+)\]:[ \t]*/;

/**
 * A footnote definition `[^id]: text`. Following lines belong to it when indented four
 * columns, or lazily when they continue its text without starting another block.
 */
export function footnoteDefinitionAt(content: string, lines: ContentLine[], index: number, parseChildren: ParseChildren): BlockResult | null {
  const first = lineAtIndex(lines, index);
  const textStart = blockTextStart(content, first);
  if (textStart === -1) return null;
  const match = DEFINITION_START.exec(content.slice(textStart, first.end));
  if (match === null) return null;
  const inner: ContentLine[] = [{ line: first.line, start: textStart + match[0].length, end: first.end }];
  let blanks: ContentLine[] = [];
  let next = index + 1;
  for (; next < lines.length; next += 1) {
    const line = lineAtIndex(lines, next);
    if (isBlank(content, line)) {
      blanks.push(line);
    } else if (measureIndent(content, line).columns >= 4) {
      inner.push(...blanks, stripColumns(content, line, 4));
      blanks = [];
    } else if (blanks.length > 0 || interruptsParagraph(content, line) || DEFINITION_START.test(content.slice(line.start, line.end).trimStart())) {
      break;
    } else {
      inner.push(line);
    }
  }
  const last = inner[inner.length - 1] ?? first;
  return {
    node: { kind: 'footnoteDefinition', id: match[1] ?? '', start: first.start, end: last.end, children: parseChildren(inner) },
    next: next - blanks.length,
  };
}
