/** Where one JSON value is written: offsets into the text, `end` exclusive. */
export type JsonSpan =
  | { kind: 'object'; start: number; end: number; members: JsonMemberSpan[] }
  | { kind: 'array'; start: number; end: number; items: JsonSpan[] }
  | { kind: 'scalar'; start: number; end: number };

/** One `"key": value` member of an object: where its key literal and its value are written. */
export interface JsonMemberSpan {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: JsonSpan;
}

interface Cursor {
  text: string;
  index: number;
}

/**
 * Maps a JSON text to the spans of its values, so a writer can reuse the exact bytes of every
 * value it did not change. `text` must already be known to parse (`JSON.parse`); scanning starts
 * at `start` (past a byte order mark, say) and stops after the first value.
 */
export function locateJsonSpans(text: string, start = 0): JsonSpan {
  return readValue({ text, index: start });
}

/** The last member named `key` (the one `JSON.parse` keeps when a key repeats). */
export function findMember(members: readonly JsonMemberSpan[], key: string): JsonMemberSpan | undefined {
  for (let index = members.length - 1; index >= 0; index -= 1) if (members[index]?.key === key) return members[index];
  return undefined;
}

function readValue(cursor: Cursor): JsonSpan {
  skipWhitespace(cursor);
  const character = cursor.text[cursor.index];
  if (character === '{') return readObject(cursor);
  if (character === '[') return readArray(cursor);
  const start = cursor.index;
  if (character === '"') skipString(cursor);
  else while (cursor.index < cursor.text.length && !isScalarEnd(cursor.text.charCodeAt(cursor.index))) cursor.index += 1;
  return { kind: 'scalar', start, end: cursor.index };
}

function readObject(cursor: Cursor): JsonSpan {
  const start = cursor.index;
  const members: JsonMemberSpan[] = [];
  cursor.index += 1;
  while (nextSignificant(cursor) !== '}') {
    const keyStart = cursor.index;
    skipString(cursor);
    const keyEnd = cursor.index;
    nextSignificant(cursor);
    cursor.index += 1;
    members.push({ key: JSON.parse(cursor.text.slice(keyStart, keyEnd)) as string, keyStart, keyEnd, value: readValue(cursor) });
    if (nextSignificant(cursor) === ',') cursor.index += 1;
  }
  cursor.index += 1;
  return { kind: 'object', start, end: cursor.index, members };
}

function readArray(cursor: Cursor): JsonSpan {
  const start = cursor.index;
  const items: JsonSpan[] = [];
  cursor.index += 1;
  while (nextSignificant(cursor) !== ']') {
    items.push(readValue(cursor));
    if (nextSignificant(cursor) === ',') cursor.index += 1;
  }
  cursor.index += 1;
  return { kind: 'array', start, end: cursor.index, items };
}

function skipString(cursor: Cursor): void {
  let index = cursor.index + 1;
  while (cursor.text[index] !== '"') index += cursor.text[index] === '\\' ? 2 : 1;
  cursor.index = index + 1;
}

function nextSignificant(cursor: Cursor): string | undefined {
  skipWhitespace(cursor);
  return cursor.text[cursor.index];
}

// RFC 8259 §2: insignificant whitespace is space, tab, line feed and carriage return only.
function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function isScalarEnd(code: number): boolean {
  return isWhitespace(code) || code === 0x2c || code === 0x5d || code === 0x7d;
}

function skipWhitespace(cursor: Cursor): void {
  while (cursor.index < cursor.text.length && isWhitespace(cursor.text.charCodeAt(cursor.index))) cursor.index += 1;
}
