import { toNotePath, toVaultPath } from './paths';
import type { VaultHost } from './vault-host';

/**
 * The path of the file a note operation that also takes attachments (`note_delete`) names: the
 * path as given when a file is there (`img/pic.png`, any extension), else a note path (`.md`
 * added when missing), as note operations complete it.
 */
export function toExistingFilePath(host: VaultHost, input: unknown): string {
  const path = toVaultPath(input);
  return host.stat(path) !== null ? path : toNotePath(path);
}
