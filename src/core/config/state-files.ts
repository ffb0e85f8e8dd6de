import { TOKENS_FILE } from '../auth/token-file';
import type { Storage } from '../vault/storage';
import { CONFIG_FILE } from './vault-config';

/** The state folder's record of which of its files have existed, so a deleted one is noticed. */
const SEEN_FILE = 'state-files.json';

/** A state file that went missing, reported at start and by `vault_status`. */
export interface StateWarning {
  code: 'config_missing' | 'tokens_missing';
  message: string;
}

/** The files watched, and what their loss means for the user. */
const WATCHED: readonly { name: string; code: StateWarning['code']; message: (location: string) => string }[] = [
  {
    name: CONFIG_FILE,
    code: 'config_missing',
    message: (location) =>
      `${CONFIG_FILE} is gone from the state folder (${location}) though this vault had one: path rules (excluded and read-only paths), the write switch and AI settings are back to their defaults, so notes it excluded are visible to agents again. Restore it from a backup, or set the settings again (vault_config_set, "indx vault config set" or the settings tab), which writes a new one and ends this warning.`,
  },
  {
    name: TOKENS_FILE,
    code: 'tokens_missing',
    message: (location) =>
      `${TOKENS_FILE} is gone from the state folder (${location}) though this vault had tokens: every token is revoked and clients get 401. If you did not delete it, find out what did; create tokens again with "indx token create" or the settings tab, which ends this warning.`,
  },
];

/**
 * Compares the state files present with those that existed before (kept in `state-files.json`)
 * and returns a warning for each one that is gone. Records the ones present now. A state folder
 * removed as a whole starts afresh, without warnings.
 */
export async function checkStateFiles(storage: Storage): Promise<StateWarning[]> {
  const seen = await readSeen(storage);
  // A file that cannot be read (a folder in its place…) is there: its reader reports that problem.
  const present = await Promise.all(WATCHED.map((file) => storage.read(file.name).then((bytes) => bytes !== null, () => true)));
  const warnings = WATCHED.filter((file, index) => seen.has(file.name) && present[index] !== true).map((file) => ({ code: file.code, message: file.message(storage.location) }));
  const now = new Set([...seen, ...WATCHED.filter((_file, index) => present[index] === true).map((file) => file.name)]);
  if (now.size !== seen.size) await storage.write(SEEN_FILE, `${JSON.stringify({ version: 1, seen: [...now].sort() })}\n`);
  return warnings;
}

async function readSeen(storage: Storage): Promise<Set<string>> {
  const bytes = await storage.read(SEEN_FILE);
  if (bytes === null) return new Set();
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes)) as { seen?: unknown };
    return new Set(Array.isArray(value.seen) ? value.seen.filter((name): name is string => typeof name === 'string') : []);
  } catch {
    // A damaged record only costs the warning; it is written afresh.
    return new Set();
  }
}

/** Of the warnings given at start, those whose file is still missing (one created since, by a new token or setting, ends its warning). */
export async function stillMissing(storage: Storage, warnings: readonly StateWarning[]): Promise<StateWarning[]> {
  const missing = await Promise.all(warnings.map((warning) => storage.read(WATCHED.find((file) => file.code === warning.code)?.name ?? '').then((bytes) => bytes === null, () => false)));
  return warnings.filter((_warning, index) => missing[index] === true);
}
