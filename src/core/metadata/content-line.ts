/**
 * One line as a block container sees it: the part of a source line left after the prefixes of
 * enclosing containers (`> `, list indentation) were stripped. Offsets are absolute, so every
 * position computed from a content line is a position in the original note.
 */
export interface ContentLine {
  /** 0-based source line. */
  line: number;
  /** Offset where this container's view of the line begins. */
  start: number;
  /** Offset just past the line's last character (line break excluded). */
  end: number;
}

/** Columns a tab advances to (multiples of four), as CommonMark and Obsidian count them. */
const TAB_SIZE = 4;

/** Leading whitespace of a content line: its width in columns and where the text begins. */
export interface Indent {
  columns: number;
  textStart: number;
}

/** True for a space or a tab. */
export function isSpaceOrTab(code: number): boolean {
  return code === 32 || code === 9;
}

/** Measures the leading spaces and tabs of `line` (tabs to the next multiple of four). */
export function measureIndent(content: string, line: ContentLine): Indent {
  let columns = 0;
  let index = line.start;
  while (index < line.end) {
    const code = content.charCodeAt(index);
    if (code === 32) columns += 1;
    else if (code === 9) columns += TAB_SIZE - (columns % TAB_SIZE);
    else break;
    index += 1;
  }
  return { columns, textStart: index };
}

/** True when the line holds nothing but spaces and tabs. */
export function isBlank(content: string, line: ContentLine): boolean {
  return measureIndent(content, line).textStart >= line.end;
}

/**
 * Removes up to `columns` columns of leading whitespace. A tab that straddles the limit is
 * removed whole (Obsidian puts a tab-indented child item one character in, not at column 0).
 */
export function stripColumns(content: string, line: ContentLine, columns: number): ContentLine {
  let removed = 0;
  let index = line.start;
  while (index < line.end && removed < columns) {
    const code = content.charCodeAt(index);
    if (code === 32) removed += 1;
    else if (code === 9) removed += TAB_SIZE - (removed % TAB_SIZE);
    else break;
    index += 1;
  }
  return { line: line.line, start: index, end: line.end };
}

/** The content line starting `count` characters later. */
export function advanceLine(line: ContentLine, count: number): ContentLine {
  return { line: line.line, start: Math.min(line.start + count, line.end), end: line.end };
}
