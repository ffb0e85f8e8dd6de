import { extensionOf, toNotePath, toVaultPath } from './paths';
import type { VaultHost } from './vault-host';

/**
 * The path of the file an operation that takes notes and other files (`note_delete`,
 * `workspace_open`) names: a path without an extension is a note first (`Plan` is `Plan.md`, as
 * `note_read` completes it), the extensionless file only when there is no such note; a path with
 * an extension is the file there (`img/pic.png`), else a note path (`.md` added).
 */
export function toExistingFilePath(host: VaultHost, input: unknown): string {
  const path = toVaultPath(input);
  const note = toNotePath(path);
  if (extensionOf(path) === '') return host.stat(note) === null && host.stat(path) !== null ? path : note;
  return host.stat(path) !== null ? path : note;
}
