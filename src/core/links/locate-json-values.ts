/** A JSON value with the source range of every string literal in it. */
export type LocatedJson =
  | { kind: 'object'; members: { key: string; value: LocatedJson }[] }
  | { kind: 'array'; items: LocatedJson[] }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'other' };

interface Cursor {
  text: string;
  index: number;
}

/**
 * Reads a JSON text into a tree that remembers where each string literal is written (offsets
 * of its quotes, end exclusive), so a caller can edit one value without re-serialising the file.
 * Returns null for text that `JSON.parse` rejects.
 */
export function locateJsonValues(text: string): LocatedJson | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  return readValue({ text, index: 0 });
}

function readValue(cursor: Cursor): LocatedJson {
  skipWhitespace(cursor);
  const character = cursor.text[cursor.index];
  if (character === '{') return readObject(cursor);
  if (character === '[') return readArray(cursor);
  if (character === '"') return readString(cursor);
  while (cursor.index < cursor.text.length && !/[\s,\]}]/.test(cursor.text[cursor.index] ?? '')) cursor.index += 1;
  return { kind: 'other' };
}

function readObject(cursor: Cursor): LocatedJson {
  const members: { key: string; value: LocatedJson }[] = [];
  cursor.index += 1;
  while (nextSignificant(cursor) !== '}') {
    const key = readString(cursor);
    nextSignificant(cursor);
    cursor.index += 1;
    members.push({ key: key.value, value: readValue(cursor) });
    if (nextSignificant(cursor) === ',') cursor.index += 1;
  }
  cursor.index += 1;
  return { kind: 'object', members };
}

function readArray(cursor: Cursor): LocatedJson {
  const items: LocatedJson[] = [];
  cursor.index += 1;
  while (nextSignificant(cursor) !== ']') {
    items.push(readValue(cursor));
    if (nextSignificant(cursor) === ',') cursor.index += 1;
  }
  cursor.index += 1;
  return { kind: 'array', items };
}

function readString(cursor: Cursor): { kind: 'string'; value: string; start: number; end: number } {
  skipWhitespace(cursor);
  const start = cursor.index;
  let index = start + 1;
  while (cursor.text[index] !== '"') index += cursor.text[index] === '\\' ? 2 : 1;
  cursor.index = index + 1;
  return { kind: 'string', value: JSON.parse(cursor.text.slice(start, cursor.index)) as string, start, end: cursor.index };
}

function nextSignificant(cursor: Cursor): string | undefined {
  skipWhitespace(cursor);
  return cursor.text[cursor.index];
}

function skipWhitespace(cursor: Cursor): void {
  while (/[\s]/.test(cursor.text[cursor.index] ?? '')) cursor.index += 1;
}
