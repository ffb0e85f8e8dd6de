import { dirname, join, relative } from 'node:path';
import { findPluginFolder, locateStateDir } from '../../../src/hosts/node/file-storage';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';
import { IndxError } from '../../../src/core/errors';

/** The environment variable `--config-dir` sets, read by every command that opens a vault's state. */
export const CONFIG_DIR_VARIABLE = 'INDX_CONFIG_DIR';

/**
 * The vault's state folder as the plugin sees it: in the plugin's folder under the vault's
 * configuration folder. Obsidian lets each device name that folder (Settings → Files and links →
 * Override config folder), so a synced vault may hold several; `--config-dir` / INDX_CONFIG_DIR
 * names the one the plugin runs from, else it is found by the plugin's manifest id.
 */
export function vaultStateDir(root: string): string {
  return locateStateDir(root, configDirSetting());
}

/**
 * The vault's configuration folder, whose settings (daily notes, templates) the headless host
 * reads as the app would: the one `--config-dir` / INDX_CONFIG_DIR names, else the one the
 * plugin is installed in, else `.obsidian`.
 */
export function vaultConfigDir(root: string): string {
  const setting = configDirSetting();
  if (setting !== undefined) return setting;
  const pluginFolder = findPluginFolder(root);
  // The plugin lives in <configDir>/plugins/<folder>.
  return pluginFolder === null ? DEFAULT_CONFIG_DIR : relative(root, dirname(dirname(pluginFolder)));
}

/** The folder of the headless host's metadata cache inside the state folder `stateDir` (see `MetadataCache`). */
export function metadataCacheDir(stateDir: string): string {
  return join(stateDir, 'metadata');
}

/** The configured configuration folder's name, checked; undefined when none is set. */
export function configDirSetting(): string | undefined {
  const name = process.env[CONFIG_DIR_VARIABLE];
  if (name === undefined || name === '') return undefined;
  return checkConfigDir(name);
}

/**
 * A configuration folder's name as Obsidian accepts it: one folder at the vault's top level whose
 * name starts with a dot. Anything else (a path, `..`) is refused with `invalid_input`.
 */
export function checkConfigDir(name: string): string {
  if (!/^\.[^/\\]+$/.test(name) || name === '..') {
    throw new IndxError('invalid_input', `"${name}" is not a configuration folder name: give the name of the vault's configuration folder, starting with a dot (for example .obsidian).`, { config_dir: name });
  }
  return name;
}
