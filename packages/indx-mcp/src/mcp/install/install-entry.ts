import { IndxError } from '../../../../../src/core/errors';
import type { ConfigLocation } from './client-targets';
import type { ConfigChange } from './config-change';
import { parseConfigDocument } from './config-document';
import { readConfigFile, writeConfigFile } from './config-file';
import { redactSecrets } from './redact-secrets';
import type { EntryPlan } from '../../../../../src/server/clients/client-entries';
import { isSameEntry } from './server-entry';

/** Options of {@link installEntry}. */
export interface InstallOptions {
  /** Replace an existing, different `indx` entry. */
  force?: boolean;
  /** Work out the change, write nothing. */
  dryRun?: boolean;
  /** The entry holds a token: the file is made private (0600). */
  secret?: boolean;
  now?: Date;
}

/**
 * Adds the plan's entry as the `indx` server of the configuration file at `location`, keeping every other
 * key. An identical entry is left alone; a different one is replaced only with `force`, else
 * `conflict`. The file (the target of a symbolic link) is backed up before it is edited and
 * written atomically, private (0600) when the entry embeds a token (`secret`). Nothing returned
 * or thrown holds a secret.
 */
export async function installEntry(location: ConfigLocation, plan: EntryPlan, options: InstallOptions = {}): Promise<ConfigChange> {
  const { entry } = plan;
  const file = await readConfigFile(location);
  const document = parseConfigDocument(location, file.text);
  const change = { target: location.target, scope: location.scope, label: location.label, path: location.path, dry_run: options.dryRun === true, backup: null, entry: redactSecrets(entry) };
  const same = document.entry !== undefined && isSameEntry(document.entry, entry);
  if (same && document.declaresInputs(plan)) return { ...change, action: 'unchanged' };
  if (document.entry !== undefined && !same && options.force !== true) {
    const message = `${location.label} (${location.scope}) already has a different "indx" server in ${location.path}. Re-run with --force to replace it (the file is backed up first), or remove it with "indx mcp uninstall".`;
    throw new IndxError('conflict', message, { path: location.path, current: redactSecrets(document.entry) });
  }
  const action = !file.exists ? 'created' : document.entry === undefined ? 'added' : 'replaced';
  if (options.dryRun === true) return { ...change, action };
  const backup = await writeConfigFile(file, document.withEntry(plan), { secret: options.secret === true, now: options.now });
  return { ...change, action, backup };
}
