import { Option, type Command } from 'commander';
import { IndxError, isIndxError } from '../../../../../src/core/errors';
import { buildHttpEntry, buildStdioEntry, type EntryPlan } from '../../../../../src/server/clients/client-entries';
import { reportError } from '../../report-error';
import { toTimeoutMs } from '../../rest/option-values';
import { chooseCredential, type Credential } from './choose-credential';
import { CLIENT_TARGETS, httpClientOf, locateConfig, TARGET_SCOPES, type ClientTarget, type ConfigLocation, type ConfigScope, type LocationContext } from './client-targets';
import { describeChange, type InstallNotes } from './describe-change';
import { describeStatus } from './describe-status';
import { installEntry } from './install-entry';
import { readInstallationStatus, type InstallationStatus } from './installation-status';
import { currentLauncher } from './launcher';
import { DEFAULT_PROBE_TIMEOUT_MS, probeEntry } from './probe-entry';
import { redactSecrets } from './redact-secrets';
import { requireVaultFolder } from '../../require-vault-folder';
import { findServerAddress, toBaseUrl } from './server-address';
import { uninstallEntry } from './uninstall-entry';

interface TargetOptions {
  target: ClientTarget;
  scope: ConfigScope;
  dryRun?: boolean;
  json?: boolean;
}

interface InstallCliOptions extends TargetOptions {
  force?: boolean;
  vault?: string;
  url?: string;
  tokenFile?: string;
  check: boolean;
  timeout?: string;
}

interface StatusCliOptions {
  target: ClientTarget | 'all';
  scope: ConfigScope | 'all';
  json?: boolean;
  check: boolean;
  timeout?: string;
}

/** `indx mcp status` (and `install`) exit with this when a configured entry fails its check (the CLI's "unavailable"). */
export const STATUS_FAILING_EXIT = 6;

/**
 * `indx mcp install|uninstall|status`: puts indx into the configuration of Claude Desktop, Claude
 * Code, Cursor, Codex or VS Code (each client's documented format: an HTTP entry for the clients
 * that speak Streamable HTTP, a stdio entry with absolute paths for Claude Desktop), takes it out,
 * or shows where it is and whether it works. HOME, APPDATA, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR
 * and CODEX_HOME are read from the environment; project scope means the current folder.
 * Security: no secret is ever printed (see `redactSecrets`), and project scope never writes one
 * (see `chooseCredential`).
 */
export function registerInstallCommands(mcp: Command): void {
  mcp
    .command('install')
    .description(`Add indx to an MCP client's configuration (HTTP for Claude Code, Cursor, Codex and VS Code; a stdio command for Claude Desktop), keeping every other entry and backing the file up first; then check that it answers (exit ${STATUS_FAILING_EXIT} when it does not)`)
    .addOption(targetOption('claude-desktop'))
    .addOption(scopeOption('user'))
    .option('-f, --force', 'replace an existing, different indx entry')
    .option('--dry-run', 'show what would change; write nothing')
    .option('--json', 'print the result as JSON')
    .option('--vault <dir>', 'the vault: HTTP entries get the URL of its server (running, else its configured port); the stdio entry looks it up, or serves it itself when no server runs')
    .option('--url <url>', 'the server\'s address for HTTP entries (default: the running server, else the vault\'s port, else 27643)')
    .option('--token-file <file>', 'file whose first line is the token, written into a user-scope entry (default: INDX_TOKEN; without either, the entry reads INDX_TOKEN when the client starts). Not for project scope, which never holds a token')
    .option('--no-check', 'do not start the written entry to check it')
    .option('--timeout <seconds>', `how long the check waits for an answer (default ${DEFAULT_PROBE_TIMEOUT_MS / 1000})`)
    .action((options: InstallCliOptions) => run(() => install(options)));
  mcp
    .command('uninstall')
    .description('Remove indx from a client\'s MCP configuration, keeping every other entry and backing the file up first')
    .addOption(targetOption('claude-desktop'))
    .addOption(scopeOption('user'))
    .option('--dry-run', 'show what would change; write nothing')
    .option('--json', 'print the result as JSON')
    .action((options: TargetOptions) => run(() => uninstall(options)));
  mcp
    .command('status')
    .description(`Show which client configurations have indx, and start each entry as its client would to check that it answers (exit ${STATUS_FAILING_EXIT} when one fails)`)
    .addOption(new Option('-t, --target <target>', 'client, or all').choices([...CLIENT_TARGETS, 'all']).default('all'))
    .addOption(new Option('-s, --scope <scope>', 'scope, or all').choices(['user', 'project', 'all']).default('all'))
    .option('--json', 'print the result as JSON')
    .option('--no-check', 'only read the configurations; start nothing')
    .option('--timeout <seconds>', `how long each check waits for an answer (default ${DEFAULT_PROBE_TIMEOUT_MS / 1000})`)
    .action((options: StatusCliOptions) => run(() => status(options)));
}

async function install(options: InstallCliOptions): Promise<void> {
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

async function uninstall(options: TargetOptions): Promise<void> {
  const change = await uninstallEntry(locateConfig(options.target, options.scope, currentContext()), { dryRun: options.dryRun });
  print(options.json === true ? json(change) : describeChange(change));
}

async function status(options: StatusCliOptions): Promise<void> {
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

function targetOption(fallback: ClientTarget): Option {
  return new Option('-t, --target <target>', 'MCP client').choices(CLIENT_TARGETS).default(fallback);
}

function scopeOption(fallback: ConfigScope): Option {
  return new Option('-s, --scope <scope>', 'user (every project) or project (the current folder; not Claude Desktop)').choices(['user', 'project']).default(fallback);
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

/** Runs a command; a failure is reported with its message and details redacted (a conflict quotes the entry found, a bad --url itself). */
async function run(action: () => Promise<void>): Promise<void> {
  await action().catch((error: unknown) => {
    process.exitCode = reportError(isIndxError(error) ? new IndxError(error.code, redactSecrets(error.message) as string, redactSecrets(error.details) as Record<string, unknown>, { cause: error }) : error);
  });
}
