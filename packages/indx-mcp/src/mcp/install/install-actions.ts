import { buildHttpEntry, buildStdioEntry, type EntryPlan } from '../../../../../src/server/clients/client-entries';
import { toTimeoutMs } from '../../rest/option-values';
import { chooseCredential, type Credential } from './choose-credential';
import { CLIENT_TARGETS, httpClientOf, locateConfig, TARGET_SCOPES, type ConfigLocation, type LocationContext } from './client-targets';
import { describeChange, type InstallNotes } from './describe-change';
import { describeStatus } from './describe-status';
import { installEntry } from './install-entry';
import { readInstallationStatus, type InstallationStatus } from './installation-status';
import { currentLauncher } from './launcher';
import { probeEntry } from './probe-entry';
import { DEFAULT_PROBE_TIMEOUT_MS } from './probe-timeout';
import { redactSecrets } from './redact-secrets';
import { requireVaultFolder } from '../../require-vault-folder';
import { findServerAddress, toBaseUrl } from './server-address';
import { uninstallEntry } from './uninstall-entry';
import { STATUS_FAILING_EXIT, type InstallCliOptions, type StatusCliOptions, type TargetOptions } from './register-install-commands';

/** `indx mcp install`: writes the entry, then checks that it answers. */
export async function install(options: InstallCliOptions): Promise<void> {
  const context = currentContext();
  const location = locateConfig(options.target, options.scope, context);
  const timeoutMs = toTimeoutMs(options.timeout) ?? DEFAULT_PROBE_TIMEOUT_MS;
  const credential = await chooseCredential(options.scope, options.tokenFile, context.environment);
  const { plan, notes } = await planEntry(location, credential, options);
  const change = await installEntry(location, plan, { force: options.force, dryRun: options.dryRun, secret: notes.token === 'written' });
  // The check answers a prompt the client would ask (VS Code) with the token the user gave.
  const environment = credential.token === undefined ? context.environment : { ...context.environment, INDX_TOKEN: credential.token };
  const check = options.check && options.dryRun !== true ? await probeEntry(location, plan.entry, environment, timeoutMs) : undefined;
  const report = { ...notes, ...(check === undefined ? {} : { check }) };
  const address = notes.address === undefined ? null : { ...notes.address, url: redactSecrets(notes.address.url) as string };
  print(options.json === true ? json({ ...change, token: notes.token, token_source: credential.source, address, check: check ?? null }) : describeChange(change, report));
  // Written, but not working (yet): the exit code says so, as `status` does.
  if (check?.state === 'failing') process.exitCode = STATUS_FAILING_EXIT;
}

/** The entry for `location`'s client: a stdio command with absolute paths, or an HTTP entry for the server's URL. */
async function planEntry(location: ConfigLocation, credential: Credential, options: InstallCliOptions): Promise<{ plan: EntryPlan; notes: InstallNotes }> {
  const client = httpClientOf(location);
  if (client === null) {
    const { launcher, warning } = currentLauncher();
    const vault = options.vault === undefined ? undefined : await requireVaultFolder(options.vault);
    const url = options.url === undefined ? undefined : toBaseUrl(options.url);
    const entry = buildStdioEntry(launcher, { vault, url, token: credential.token });
    return { plan: { entry: { ...entry } }, notes: { token: credential.token === undefined ? 'none' : 'written', launcherWarning: warning } };
  }
  const address = await findServerAddress({ url: options.url, vault: options.vault }, currentContext().environment);
  const token = credential.token === undefined || location.asksForToken ? undefined : credential.token;
  const plan = buildHttpEntry(client, `${address.url}/mcp`, token === undefined ? { kind: 'reference' } : { kind: 'literal', token });
  return { plan, notes: { token: token === undefined ? 'referenced' : 'written', address, tokenFile: credential.source === 'token_file' ? options.tokenFile : undefined } };
}

/** `indx mcp uninstall`. */
export async function uninstall(options: TargetOptions): Promise<void> {
  const change = await uninstallEntry(locateConfig(options.target, options.scope, currentContext()), { dryRun: options.dryRun });
  print(options.json === true ? json(change) : describeChange(change));
}

/** `indx mcp status`: every configuration that has indx, each entry checked unless --no-check. */
export async function status(options: StatusCliOptions): Promise<void> {
  const context = currentContext();
  const targets = options.target === 'all' ? CLIENT_TARGETS : [options.target];
  const all = targets.flatMap((target) => TARGET_SCOPES[target].filter((scope) => options.scope === 'all' || scope === options.scope).map((scope) => locateConfig(target, scope, context)));
  // Run from the home folder, a project file can be the user file itself (~/.cursor/mcp.json): shown once.
  const locations = all.filter((location, index) => all.findIndex((other) => other.path === location.path) === index);
  const probe = options.check ? { environment: context.environment, timeoutMs: toTimeoutMs(options.timeout) ?? DEFAULT_PROBE_TIMEOUT_MS } : undefined;
  const rows = await Promise.all(locations.map((location) => readInstallationStatus(location, { probe })));
  print(options.json === true ? json(rows) : describeStatus(rows));
  if (rows.some(isFailing)) process.exitCode = STATUS_FAILING_EXIT;
}

function isFailing(row: InstallationStatus): boolean {
  return row.configured && row.check?.state === 'failing';
}

function currentContext(): LocationContext {
  return { environment: process.env, platform: process.platform, cwd: process.cwd() };
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function print(text: string): void {
  process.stdout.write(text);
}
