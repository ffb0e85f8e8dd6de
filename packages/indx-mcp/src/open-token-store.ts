import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TokenStore } from '../../../src/core/auth/token-store';
import { IndxError } from '../../../src/core/errors';
import { FileStorage, locateStateDir } from '../../../src/hosts/node/file-storage';

/** The token store of the vault folder `directory` (its state folder; the vault is not scanned). */
export async function openTokenStore(directory: string): Promise<TokenStore> {
  const root = resolve(directory);
  const isFolder = await stat(root).then((entry) => entry.isDirectory(), () => false);
  if (!isFolder) throw new IndxError('not_found', `There is no vault folder at "${root}". Pass the vault's folder with --vault.`, { vault: root });
  return TokenStore.load(new FileStorage(locateStateDir(root)));
}
