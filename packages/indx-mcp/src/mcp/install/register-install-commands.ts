import * as path from 'node:path';
import { Option, type Command } from 'commander';
import { IndxError, isIndxError } from '../../../../../src/core/errors';
import { reportError } from '../../report-error';
import { chooseCredential } from './choose-credential';
import { CLIENT_TARGETS, locateConfig, TARGET_SCOPES, type ClientTarget, type ConfigScope, type LocationContext } from './client-targets';
import { describeChange } from './describe-change';
import { describeStatus } from './describe-status';
import { installEntry } from './install-entry';
import { readInstallationStatus } from './installation-status';
import { redactSecrets } from './redact-secrets';
import { buildServerEntry } from './server-entry';
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
  tokenFile?: string;
}

interface StatusCliOptions {
  target: ClientTarget | 'all';
  scope: ConfigScope | 'all';
  json?: boolean;
}

/**
 * `indx mcp install|uninstall|status`: puts the stdio MCP server (`npx -y indx-mcp mcp serve
 * --stdio`) into the configuration of Claude Desktop, Claude Code, Cursor or Codex, takes it out,
 * or shows where it is. HOME, APPDATA, XDG_CONFIG_HOME, CLAUDE_CONFIG_DIR and CODEX_HOME are read
 * from the environment; project scope means the current folder. Security: no secret is ever
 * printed (see `redactSecrets`), and project scope never writes one (see `chooseCredential`).
 */
export function registerInstallCommands(mcp: Command): void {
  mcp
    .command('install')
    .description('Add indx as an MCP server (stdio) to a client\'s configuration, keeping every other entry and backing the file up first')
    .addOption(targetOption('claude-desktop'))
    .addOption(scopeOption('user'))
    .option('-f, --force', 'replace an existing, different indx entry')
    .option('--dry-run', 'show what would change; write nothing')
    .option('--json', 'print the result as JSON')
    .option('--vault <dir>', 'pass --vault DIR to the server: the vault to find, or to serve itself when no server runs')
    .option('--token-file <file>', 'file whose first line is the token: user scope copies the token into the entry (default: INDX_TOKEN); project scope names the file instead and never writes the token')
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
    .description('Show which client configurations have indx as an MCP server')
    .addOption(new Option('-t, --target <target>', 'client, or all').choices([...CLIENT_TARGETS, 'all']).default('all'))
    .addOption(new Option('-s, --scope <scope>', 'scope, or all').choices(['user', 'project', 'all']).default('all'))
    .option('--json', 'print the result as JSON')
    .action((options: StatusCliOptions) => run(() => status(options)));
}

async function install(options: InstallCliOptions): Promise<void> {
  const context = currentContext();
  const location = locateConfig(options.target, options.scope, context);
  const credential = await chooseCredential(options.scope, options.tokenFile, context.environment);
  const entry = buildServerEntry({ vault: options.vault, ...credential });
  const change = await installEntry(location, entry, { force: options.force, dryRun: options.dryRun });
  const tokenGiven = credential.token !== undefined || credential.tokenFile !== undefined;
  const tokenFileInProject = credential.tokenFile !== undefined && isInside(credential.tokenFile, context.cwd);
  print(options.json === true ? json({ ...change, token: tokenGiven, token_file: credential.tokenFile ?? null }) : describeChange(change, { tokenGiven, tokenFile: credential.tokenFile, tokenFileInProject }));
}

async function uninstall(options: TargetOptions): Promise<void> {
  const change = await uninstallEntry(locateConfig(options.target, options.scope, currentContext()), { dryRun: options.dryRun });
  print(options.json === true ? json(change) : describeChange(change));
}

async function status(options: StatusCliOptions): Promise<void> {
  const context = currentContext();
  const targets = options.target === 'all' ? CLIENT_TARGETS : [options.target];
  const locations = targets.flatMap((target) => TARGET_SCOPES[target].filter((scope) => options.scope === 'all' || scope === options.scope).map((scope) => locateConfig(target, scope, context)));
  const rows = await Promise.all(locations.map(readInstallationStatus));
  print(options.json === true ? json(rows) : describeStatus(rows));
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

/** Runs a command; a failure is reported with its details redacted (a conflict quotes the entry found). */
async function run(action: () => Promise<void>): Promise<void> {
  await action().catch((error: unknown) => {
    process.exitCode = reportError(isIndxError(error) ? new IndxError(error.code, error.message, redactSecrets(error.details) as Record<string, unknown>, { cause: error }) : error);
  });
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
