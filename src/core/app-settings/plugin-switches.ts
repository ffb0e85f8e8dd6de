import type { VaultHost } from '../vault/vault-host';
import { readSettingsJson } from './read-settings-json';

/**
 * Whether the core plugin `id` is switched on, per `core-plugins.json`: a list of the enabled
 * ids in older versions of the app, an object `{id: boolean}` in newer ones. Without the file
 * the app's defaults apply, which enable Daily notes.
 */
export async function isCorePluginEnabled(host: VaultHost, id: string): Promise<boolean> {
  const switches = await readSettingsJson(host, 'core-plugins.json');
  if (switches === null) return true;
  if (Array.isArray(switches)) return switches.includes(id);
  return typeof switches === 'object' && (switches as Record<string, unknown>)[id] === true;
}

/** Whether the community plugin `id` is switched on: listed in `community-plugins.json`. */
export async function isCommunityPluginEnabled(host: VaultHost, id: string): Promise<boolean> {
  const enabled = await readSettingsJson(host, 'community-plugins.json');
  return Array.isArray(enabled) && enabled.includes(id);
}
