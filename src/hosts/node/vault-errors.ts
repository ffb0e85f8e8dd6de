import { IndxError } from '../../core/errors';
import { isHiddenPath } from './vault-paths';

/** Refuses the vault root and hidden paths, which Obsidian's Vault API never shows. */
export function assertVisiblePath(vaultPath: string): void {
  if (vaultPath === '') throw new IndxError('invalid_path', 'The vault root itself cannot be changed.', {});
  if (!isHiddenPath(vaultPath)) return;
  // Security: hidden folders (.obsidian, .git, .trash) are invisible to Obsidian's Vault API.
  throw new IndxError('path_forbidden', `"${vaultPath}" is inside a hidden folder, which the vault does not show.`, {
    path: vaultPath,
  });
}

/** The error for a path that is taken. */
export function alreadyExists(vaultPath: string): IndxError {
  const message = `"${vaultPath}" already exists. Choose another path or change the existing file.`;
  return new IndxError('already_exists', message, { path: vaultPath });
}

/** The error for a path with nothing at it. */
export function notFound(vaultPath: string): IndxError {
  const message = `No file or folder at "${vaultPath}". Check the path with the file list.`;
  return new IndxError('not_found', message, { path: vaultPath });
}
