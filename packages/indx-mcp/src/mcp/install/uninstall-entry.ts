import type { ConfigLocation } from './client-targets';
import type { ConfigChange } from './config-change';
import { parseConfigDocument } from './config-document';
import { readConfigFile, writeConfigFile } from './config-file';
import { redactSecrets } from './redact-secrets';

/**
 * Removes the `indx` server from the configuration file at `location`, keeping every other key
 * (backed up first, written atomically, a symbolic link kept). The entry reported has its secrets
 * redacted. Nothing to remove is not an error: the action is `absent`.
 */
export async function uninstallEntry(location: ConfigLocation, options: { dryRun?: boolean; now?: Date } = {}): Promise<ConfigChange> {
  const file = await readConfigFile(location);
  const document = parseConfigDocument(location, file.text);
  const change = { target: location.target, scope: location.scope, label: location.label, path: location.path, dry_run: options.dryRun === true, backup: null, entry: redactSecrets(document.entry ?? null) };
  if (document.entry === undefined) return { ...change, action: 'absent' };
  if (options.dryRun === true) return { ...change, action: 'removed' };
  const backup = await writeConfigFile(file, document.withoutEntry(), { now: options.now });
  return { ...change, action: 'removed', backup };
}
