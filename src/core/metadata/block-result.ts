import type { BlockNode } from './block-nodes';
import type { ContentLine } from './content-line';

/** A parsed block and the index of the first content line after it. */
export interface BlockResult {
  node: BlockNode;
  next: number;
}

/** Parses the content lines of a container into blocks (lets containers recurse). */
export type ParseChildren = (lines: ContentLine[]) => BlockNode[];

/** The last line in `lines[from, to)` that is not blank, or `from` when all are blank. */
export function lastNonBlank(lines: ContentLine[], from: number, to: number, content: string): number {
  for (let index = to - 1; index > from; index -= 1) {
    const line = lines[index];
    if (line !== undefined && hasText(content, line)) return index;
  }
  return from;
}

/** True when the line holds a character other than a space or tab. */
function hasText(content: string, line: ContentLine): boolean {
  for (let index = line.start; index < line.end; index += 1) {
    const code = content.charCodeAt(index);
    if (code !== 32 && code !== 9) return true;
  }
  return false;
}

/** The line at `index`; callers only pass indexes they checked against `lines.length`. */
export function lineAtIndex(lines: ContentLine[], index: number): ContentLine {
  const line = lines[index];
  if (line === undefined) throw new RangeError(`no content line ${index}`);
  return line;
}
