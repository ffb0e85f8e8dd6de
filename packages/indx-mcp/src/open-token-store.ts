import { TokenStore } from '../../../src/core/auth/token-store';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { vaultStateDir } from './vault-state-dir';
import { requireVaultFolder } from './require-vault-folder';

/** The token store of the vault folder `directory` (its state folder; the vault is not scanned). */
export async function openTokenStore(directory: string): Promise<TokenStore> {
  const root = await requireVaultFolder(directory);
  return TokenStore.load(new FileStorage(vaultStateDir(root)));
}
