import { Option, type Command } from 'commander';
import { readToken } from '../../connect/locate-server';
import { reportError } from '../../report-error';
import { CLIENT_TARGETS, locateConfig, TARGET_SCOPES, type ClientTarget, type ConfigScope, type LocationContext } from './client-targets';
import { describeChange } from './describe-change';
import { describeStatus } from './describe-status';
import { installEntry } from './install-entry';
import { readInstallationStatus } from './installation-status';
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
 * from the environment; project scope means the current folder.
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
    .option('--token-file <file>', 'file holding the token to put in the entry (default: INDX_TOKEN)')
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
  const location = locateConfig(options.target, options.scope, currentContext());
  const token = await readToken({ tokenFile: options.tokenFile });
  const entry = buildServerEntry({ vault: options.vault, token });
  const change = await installEntry(location, entry, { force: options.force, dryRun: options.dryRun });
  print(options.json === true ? json({ ...change, token: token !== null }) : describeChange(change, { tokenGiven: token !== null }));
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

async function run(action: () => Promise<void>): Promise<void> {
  await action().catch((error: unknown) => {
    process.exitCode = reportError(error);
  });
}
