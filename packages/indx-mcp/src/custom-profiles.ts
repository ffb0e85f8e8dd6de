import type { CustomProfiles } from '../../../src/core/auth/tool-profiles';
import { readVaultConfig } from '../../../src/core/config/vault-config';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { vaultStateDir } from './vault-state-dir';
import { requireVaultFolder } from './require-vault-folder';

/** The tool profiles named in the configuration of the vault folder `directory` (`access.tool_profiles`). */
export async function customProfilesOf(directory: string): Promise<CustomProfiles> {
  const root = await requireVaultFolder(directory);
  return (await readVaultConfig(new FileStorage(vaultStateDir(root)))).access.tool_profiles;
}
