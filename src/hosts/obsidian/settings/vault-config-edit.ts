import { mergeConfig, readVaultConfig, writeVaultConfig, type VaultConfig } from '../../../core/config/vault-config';
import type { Storage } from '../../../core/vault/storage';
import { messageOf, type TabContext } from './tab-state';

/** Edits in progress per state folder: each reads the file after the previous one wrote it. */
const pending = new WeakMap<Storage, Promise<unknown>>();

/** A partial configuration, or one made from the configuration as it is when the edit runs. */
export type ConfigPatch = Record<string, unknown> | ((current: VaultConfig) => Record<string, unknown>);

/**
 * Merges `patch` into the vault configuration (`config.json` in the state folder, shared with
 * the headless server and the command line), saves it, keeps the result in the tab, and tells
 * the open engine so path rules apply at once. Edits run one at a time (two quick ones would
 * otherwise both read the old file and the second would undo the first); a patch that depends
 * on other fields is a function, given the file as the edits before it left it. A value the
 * configuration refuses is reported with a notice and nothing is saved.
 */
export function editVaultConfig(context: TabContext, patch: ConfigPatch): Promise<VaultConfig | null> {
  const storage = context.controls.storage;
  const edit = (pending.get(storage) ?? Promise.resolve()).then(() => applyEdit(context, storage, patch));
  pending.set(storage, edit);
  return edit;
}

async function applyEdit(context: TabContext, storage: Storage, patch: ConfigPatch): Promise<VaultConfig | null> {
  try {
    const current = await readVaultConfig(storage);
    const config = await writeVaultConfig(storage, mergeConfig(current, typeof patch === 'function' ? patch(current) : patch));
    context.state.config = config;
    await context.controls.vaultConfigChanged();
    return config;
  } catch (error: unknown) {
    context.controls.notify(messageOf(error));
    return null;
  }
}
