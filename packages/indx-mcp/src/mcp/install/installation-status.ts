import type { ConfigLocation } from './client-targets';
import { parseConfigDocument } from './config-document';
import { readConfigFile } from './config-file';
import { redactEntry } from './server-entry';

/** Whether one client configuration has the `indx` server. */
export interface InstallationStatus {
  target: ConfigLocation['target'];
  scope: ConfigLocation['scope'];
  label: string;
  path: string;
  /** The configuration file exists. */
  exists: boolean;
  configured: boolean;
  /** The entry, its token shown as `<set>` (null when not configured). */
  entry: unknown;
  /** The entry carries `env.INDX_TOKEN`. */
  has_token: boolean;
  /** Why the file could not be read or parsed, when it could not. */
  problem: string | null;
}

/** Reads whether the configuration at `location` has the `indx` server; a broken file is reported, not thrown. */
export async function readInstallationStatus(location: ConfigLocation): Promise<InstallationStatus> {
  const base = { target: location.target, scope: location.scope, label: location.label, path: location.path };
  try {
    const file = await readConfigFile(location);
    const entry: unknown = parseConfigDocument(location, file.text).entry;
    const hasToken = typeof (entry as { env?: { INDX_TOKEN?: unknown } } | undefined)?.env?.INDX_TOKEN === 'string';
    return { ...base, exists: file.exists, configured: entry !== undefined, entry: redactEntry(entry ?? null), has_token: hasToken, problem: null };
  } catch (error: unknown) {
    return { ...base, exists: true, configured: false, entry: null, has_token: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
