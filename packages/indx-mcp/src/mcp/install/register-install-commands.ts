import { Option, type Command } from 'commander';
import { loadRuntime } from '../../load-runtime';
import { CLIENT_TARGETS, type ClientTarget, type ConfigScope } from './client-targets';
import { DEFAULT_PROBE_TIMEOUT_MS } from './probe-timeout';

/** The options `indx mcp install` and `uninstall` share. */
export interface TargetOptions {
  target: ClientTarget;
  scope: ConfigScope;
  dryRun?: boolean;
  json?: boolean;
}

/** The options of `indx mcp install`. */
export interface InstallCliOptions extends TargetOptions {
  force?: boolean;
  vault?: string;
  url?: string;
  tokenFile?: string;
  check: boolean;
  timeout?: string;
}

/** The options of `indx mcp status`. */
export interface StatusCliOptions {
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
 * (see `chooseCredential`). What the commands do loads when one runs (install-actions.ts, in the
 * runtime), not for `--help`.
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
    .action(async (options: InstallCliOptions) => (await loadRuntime()).mcpInstallCommand(options));
  mcp
    .command('uninstall')
    .description('Remove indx from a client\'s MCP configuration, keeping every other entry and backing the file up first')
    .addOption(targetOption('claude-desktop'))
    .addOption(scopeOption('user'))
    .option('--dry-run', 'show what would change; write nothing')
    .option('--json', 'print the result as JSON')
    .action(async (options: TargetOptions) => (await loadRuntime()).mcpUninstallCommand(options));
  mcp
    .command('status')
    .description(`Show which client configurations have indx, and start each entry as its client would to check that it answers (exit ${STATUS_FAILING_EXIT} when one fails)`)
    .addOption(new Option('-t, --target <target>', 'client, or all').choices([...CLIENT_TARGETS, 'all']).default('all'))
    .addOption(new Option('-s, --scope <scope>', 'scope, or all').choices(['user', 'project', 'all']).default('all'))
    .option('--json', 'print the result as JSON')
    .option('--no-check', 'only read the configurations; start nothing')
    .option('--timeout <seconds>', `how long each check waits for an answer (default ${DEFAULT_PROBE_TIMEOUT_MS / 1000})`)
    .action(async (options: StatusCliOptions) => (await loadRuntime()).mcpStatusCommand(options));
}

function targetOption(fallback: ClientTarget): Option {
  return new Option('-t, --target <target>', 'MCP client').choices(CLIENT_TARGETS).default(fallback);
}

function scopeOption(fallback: ConfigScope): Option {
  return new Option('-s, --scope <scope>', 'user (every project) or project (the current folder; not Claude Desktop)').choices(['user', 'project']).default(fallback);
}
