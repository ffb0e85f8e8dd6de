import { type ContentLine, measureIndent } from './content-line';

/** A list marker (`-`, `*`, `+`, `1.`, `1)`) at the start of a content line. */
export interface ListMarker {
  ordered: boolean;
  /** The bullet character, or the `.`/`)` after an ordered number: a change starts a new list. */
  delimiter: string;
  /** The ordered number (NaN for bullets). */
  number: number;
  /** Where the item content begins (after the marker, its spaces and any task box). */
  contentStart: number;
  /** Columns to strip from continuation lines (Obsidian's own width rule, see below). */
  contentColumns: number;
  /** Continuation lines indented at least this far belong to the item. */
  indent: number;
  /** The status character of a task item (`[ ]` gives a space). */
  task?: string;
  /** True when nothing follows the marker. */
  isEmpty: boolean;
}

/** Marker, and the whitespace consumed after it, before the task box is looked at. */
interface RawMarker {
  ordered: boolean;
  delimiter: string;
  number: number;
  markerEnd: number;
}

/** Recognises a list marker at the start of `line` (indented at most three columns). */
export function listMarkerAt(content: string, line: ContentLine): ListMarker | null {
  const indent = measureIndent(content, line);
  if (indent.columns > 3) return null;
  const raw = rawMarkerAt(content, indent.textStart, line.end);
  if (raw === null) return null;
  const spacing = spacingAfter(content, raw.markerEnd, line.end, indent.columns + raw.markerEnd - indent.textStart);
  if (spacing === null) return null;
  const bulletLength = spacing.end - line.start;
  const quirk = raw.ordered && raw.delimiter === '.' && raw.number < 10 && bulletLength % 2 === 1 ? 1 : 0;
  const marker: ListMarker = {
    ordered: raw.ordered,
    delimiter: raw.delimiter,
    number: raw.number,
    contentStart: spacing.end,
    // Obsidian's parser widens a one-digit "N. " marker to four columns, so a child indented
    // four spaces under "1. parent" starts at column 4 (captured in numbered_list_items_standard).
    contentColumns: spacing.columns + quirk,
    indent: spacing.columns,
    isEmpty: spacing.end >= line.end,
  };
  return withTask(content, marker, line.end);
}

/** Reads `-`, `*`, `+` or up to nine digits followed by `.` or `)`. */
function rawMarkerAt(content: string, from: number, to: number): RawMarker | null {
  const first = content.charAt(from);
  if (first === '-' || first === '*' || first === '+') {
    return { ordered: false, delimiter: first, number: Number.NaN, markerEnd: from + 1 };
  }
  let index = from;
  while (index < to && index - from < 9 && isDigit(content.charCodeAt(index))) index += 1;
  if (index === from) return null;
  const delimiter = content.charAt(index);
  if (delimiter !== '.' && delimiter !== ')') return null;
  return { ordered: true, delimiter, number: Number(content.slice(from, index)), markerEnd: index + 1 };
}

/** The spaces after a marker: one to four, or one when five or more follow; a tab counts whole. */
function spacingAfter(content: string, from: number, to: number, columns: number): { end: number; columns: number } | null {
  if (from >= to) return { end: from, columns };
  const code = content.charCodeAt(from);
  if (code === 9) return { end: from + 1, columns: columns + 4 - (columns % 4) };
  if (code !== 32) return null;
  let count = 0;
  while (from + count < to && count < 4 && content.charCodeAt(from + count) === 32) count += 1;
  if (count === 4 && content.charCodeAt(from + 4) === 32) count = 1;
  return { end: from + count, columns: columns + count };
}

/** Consumes a `[c]` task box (any one character) followed by whitespace or the line end; updates `marker`. */
function withTask(content: string, marker: ListMarker, lineEnd: number): ListMarker {
  const at = marker.contentStart;
  if (content.charCodeAt(at) !== 91 || content.charCodeAt(at + 2) !== 93 || at + 2 >= lineEnd) return marker;
  const status = content.charAt(at + 1);
  if (status === '\n' || status === '\r') return marker;
  const after = content.charCodeAt(at + 3);
  if (at + 3 < lineEnd && after !== 32 && after !== 9) return marker;
  marker.task = status;
  marker.contentStart = Math.min(at + 4, lineEnd);
  return marker;
}

/** True for an ASCII digit. */
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
