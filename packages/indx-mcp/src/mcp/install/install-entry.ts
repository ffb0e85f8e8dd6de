import { IndxError } from '../../../../../src/core/errors';
import type { ConfigLocation } from './client-targets';
import type { ConfigChange } from './config-change';
import { parseConfigDocument } from './config-document';
import { readConfigFile, writeConfigFile } from './config-file';
import { isSameEntry, redactEntry, type ServerEntry } from './server-entry';

/** Options of {@link installEntry}. */
export interface InstallOptions {
  /** Replace an existing, different `indx` entry. */
  force?: boolean;
  /** Work out the change, write nothing. */
  dryRun?: boolean;
  now?: Date;
}

/**
 * Adds `entry` as the `indx` server of the configuration file at `location`, keeping every other
 * key. An identical entry is left alone; a different one is replaced only with `force`, else
 * `conflict`. The file is backed up before it is edited and written atomically.
 */
export async function installEntry(location: ConfigLocation, entry: ServerEntry, options: InstallOptions = {}): Promise<ConfigChange> {
  const file = await readConfigFile(location);
  const document = parseConfigDocument(location, file.text);
  const change = { target: location.target, scope: location.scope, label: location.label, path: location.path, dry_run: options.dryRun === true, backup: null, entry: redactEntry(entry) };
  if (document.entry !== undefined && isSameEntry(document.entry, entry)) return { ...change, action: 'unchanged' };
  if (document.entry !== undefined && options.force !== true) {
    const message = `${location.label} (${location.scope}) already has a different "indx" server in ${location.path}. Re-run with --force to replace it (the file is backed up first), or remove it with "indx mcp uninstall".`;
    throw new IndxError('conflict', message, { path: location.path, current: redactEntry(document.entry) });
  }
  const action = !file.exists ? 'created' : document.entry === undefined ? 'added' : 'replaced';
  if (options.dryRun === true) return { ...change, action };
  const backup = await writeConfigFile(location, file, document.withEntry(entry), options.now);
  return { ...change, action, backup };
}
