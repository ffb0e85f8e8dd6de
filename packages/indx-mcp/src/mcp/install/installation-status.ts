import type { ConfigLocation } from './client-targets';
import { parseConfigDocument } from './config-document';
import { readConfigFile } from './config-file';
import { inspectEntry, type EntryShape } from './inspect-entry';
import { redactSecrets } from './redact-secrets';

/** Whether one client configuration has the `indx` server. */
export interface InstallationStatus {
  target: ConfigLocation['target'];
  scope: ConfigLocation['scope'];
  label: string;
  path: string;
  /** The configuration file exists. */
  exists: boolean;
  configured: boolean;
  /** The entry with every secret shown as `<set>` (null when not configured). */
  entry: unknown;
  /** `stdio` (a command), `http` (a URL), or `unknown`; null when not configured. */
  transport: EntryShape['transport'] | null;
  /** A stdio entry's command line, secrets redacted (else null). */
  command: string | null;
  /** An HTTP entry's URL, secrets redacted (else null). */
  url: string | null;
  /** The entry gives the client a token: `env.INDX_TOKEN`, an `Authorization` header, or `--token-file`. */
  has_token: boolean;
  /** Where that token comes from (see `inspectEntry`). */
  token_source: EntryShape['token_source'];
  /** The HTTP headers an HTTP entry sends, by name only. */
  header_names: string[];
  /** Why the file could not be read or parsed, when it could not. */
  problem: string | null;
}

/** Reads whether the configuration at `location` has the `indx` server; a broken file is reported, not thrown. */
export async function readInstallationStatus(location: ConfigLocation): Promise<InstallationStatus> {
  const base = { target: location.target, scope: location.scope, label: location.label, path: location.path };
  try {
    const file = await readConfigFile(location);
    const entry: unknown = parseConfigDocument(location, file.text).entry;
    if (entry === undefined) return { ...base, ...NOT_CONFIGURED, exists: file.exists };
    return { ...base, exists: file.exists, ...configuredStatus(entry) };
  } catch (error: unknown) {
    return { ...base, ...NOT_CONFIGURED, exists: true, problem: redactSecrets(error instanceof Error ? error.message : String(error)) as string };
  }
}

const NOT_CONFIGURED = { configured: false, entry: null, transport: null, command: null, url: null, has_token: false, token_source: null, header_names: [] as string[], problem: null };

function configuredStatus(entry: unknown): Omit<InstallationStatus, 'target' | 'scope' | 'label' | 'path' | 'exists'> {
  const shape = inspectEntry(entry);
  const command = shape.transport === 'stdio' ? shape.target : null;
  const url = shape.transport === 'http' ? shape.target : null;
  return { configured: true, entry: redactSecrets(entry), transport: shape.transport, command, url, has_token: shape.token_source !== null, token_source: shape.token_source, header_names: shape.header_names, problem: null };
}
