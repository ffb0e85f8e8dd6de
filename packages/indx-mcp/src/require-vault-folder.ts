import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { IndxError } from '../../../src/core/errors';

/**
 * The absolute path of the vault folder `directory`, checked before anything is written there:
 * `not_found` when there is no such folder, so a mistyped `--vault` never becomes a new, empty
 * vault (taking the write lock or opening the token store would create the folder).
 */
export async function requireVaultFolder(directory: string): Promise<string> {
  const root = resolve(directory);
  const isFolder = await stat(root).then((entry) => entry.isDirectory(), () => false);
  if (!isFolder) throw new IndxError('not_found', `There is no vault folder at "${root}". Pass the folder of an existing vault with --vault (or INDX_VAULT where the command reads it).`, { vault: root });
  return root;
}
