import { isDeepStrictEqual } from 'node:util';
import type { ServerEntry } from '../../../../../src/server/client-configs';

/** The name the entry is installed under in every client. */
export const ENTRY_NAME = 'indx';

// The entry itself is built where the plugin's copy-paste snippets are built too: one builder.
export { buildServerEntry, type ServerEntry, type ServerEntryOptions } from '../../../../../src/server/client-configs';

/** True when the entry carries a secret (`env.INDX_TOKEN`): its file must then be private. */
export function hasEmbeddedSecret(entry: ServerEntry): boolean {
  return entry.env !== undefined && Object.keys(entry.env).length > 0;
}

/** True when an entry read from a file is `entry` (compared as JSON data: parsers differ in prototypes and key order). */
export function isSameEntry(existing: unknown, entry: ServerEntry): boolean {
  return isDeepStrictEqual(toPlain(existing), toPlain(entry));
}

function toPlain(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
