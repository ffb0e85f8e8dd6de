/** One replacement of `text.slice(start, end)`; offsets are UTF-16 code units, `end` exclusive. */
export interface TextEdit {
  start: number;
  end: number;
  replacement: string;
}

/**
 * Applies non-overlapping edits to a text and counts those that changed it. Every byte outside
 * the applied ranges is kept as it was. An edit that overlaps an earlier one (by start offset) is
 * dropped, and an edit whose replacement equals the current bytes is not counted.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const ordered = [...edits].sort((left, right) => left.start - right.start);
  const parts: string[] = [];
  let cursor = 0;
  let applied = 0;
  for (const edit of ordered) {
    if (edit.start < cursor || edit.end < edit.start || edit.end > text.length) continue;
    if (text.slice(edit.start, edit.end) === edit.replacement) continue;
    parts.push(text.slice(cursor, edit.start), edit.replacement);
    cursor = edit.end;
    applied += 1;
  }
  parts.push(text.slice(cursor));
  return { text: parts.join(''), applied };
}
