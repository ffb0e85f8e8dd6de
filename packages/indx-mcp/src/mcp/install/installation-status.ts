import type { ConfigLocation } from './client-targets';
import { parseConfigDocument } from './config-document';
import { readConfigFile } from './config-file';
import { inspectEntry, type EntryShape } from './inspect-entry';
import { isRecord } from '../../rest/is-record';
import { probeEntry, type ProbeResult } from './probe-entry';
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
  /** What starting the entry as its client does found (null when not configured, or not asked for). */
  check: ProbeResult | null;
}

/** Whether (and how) {@link readInstallationStatus} tries the entry it finds. */
export interface StatusOptions {
  /** Try the entry (see `probeEntry`), with variables expanded from `environment`. */
  probe?: { environment: NodeJS.ProcessEnv; timeoutMs?: number };
}

/**
 * Reads whether the configuration at `location` has the `indx` server, and with `probe`, starts
 * it as its client would and says whether it works; a broken file is reported, not thrown.
 */
export async function readInstallationStatus(location: ConfigLocation, options: StatusOptions = {}): Promise<InstallationStatus> {
  const base = { target: location.target, scope: location.scope, label: location.label, path: location.path };
  try {
    const file = await readConfigFile(location);
    const entry: unknown = parseConfigDocument(location, file.text).entry;
    if (entry === undefined) return { ...base, ...NOT_CONFIGURED, exists: file.exists };
    const check = options.probe === undefined ? null : await probeEntry(location, isRecord(entry) ? entry : {}, options.probe.environment, options.probe.timeoutMs);
    return { ...base, exists: file.exists, ...configuredStatus(entry), check };
  } catch (error: unknown) {
    return { ...base, ...NOT_CONFIGURED, exists: true, problem: redactSecrets(error instanceof Error ? error.message : String(error)) as string };
  }
}

const NOT_CONFIGURED = { configured: false, entry: null, transport: null, command: null, url: null, has_token: false, token_source: null, header_names: [] as string[], problem: null, check: null };

function configuredStatus(entry: unknown): Omit<InstallationStatus, 'target' | 'scope' | 'label' | 'path' | 'exists' | 'check'> {
  const shape = inspectEntry(entry);
  const command = shape.transport === 'stdio' ? shape.target : null;
  const url = shape.transport === 'http' ? shape.target : null;
  return { configured: true, entry: redactSecrets(entry), transport: shape.transport, command, url, has_token: shape.token_source !== null, token_source: shape.token_source, header_names: shape.header_names, problem: null };
}
