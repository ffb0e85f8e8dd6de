import { isDeepStrictEqual } from 'node:util';

/** The name the entry is installed under in every client. */
export const ENTRY_NAME = 'indx';

/** True when an entry read from a file is `entry` (compared as JSON data: parsers differ in prototypes and key order). */
export function isSameEntry(existing: unknown, entry: unknown): boolean {
  return isDeepStrictEqual(toPlain(existing), toPlain(entry));
}

function toPlain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
