import { IndxError } from '../errors';

/** Settings files bigger than this are not the app's: both hosts leave them unread. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Throws `invalid_path` unless `name` may name a file of the app's configuration folder: a
 * relative POSIX path of plain segments (`daily-notes.json`, `plugins/periodic-notes/data.json`).
 */
// Security: the name is joined to the configuration folder's path; no segment may climb out of it.
export function assertConfigFileName(name: string): void {
  const segments = name.split('/');
  const plain = name !== '' && !name.includes('\\') && !name.includes('\0') && segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!plain) throw new IndxError('invalid_path', `"${name}" is not a file name inside the configuration folder. Use a relative path like "daily-notes.json".`, { name });
}
