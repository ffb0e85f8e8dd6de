import { setTimeout } from 'node:timers';
import type { Command } from 'commander';
import { loadRuntime } from '../load-runtime';
import { registerBundleCommand } from './bundle-command';
import { registerInstallCommands } from './install/register-install-commands';
import type { ServeStdioOptions } from './serve-stdio';
import { PROFILE_NAMES } from '../../../../src/core/auth/tool-profile-names';

/** How long a finished `mcp serve` waits for open sockets before it exits anyway. */
const EXIT_GRACE_MS = 2000;

/**
 * `indx mcp …`: `serve --stdio` (the stdio MCP server clients spawn) and `install`, `uninstall`,
 * `status` (client configuration), and `bundle` (a Claude Desktop extension).
 */
export function registerMcpCommands(program: Command): void {
  const mcp = program.command('mcp').description('MCP over stdio for clients that start a command (Claude Desktop, Claude Code, Cursor, Codex), and setting it up in their configuration');
  mcp
    .command('serve')
    .description('Serve MCP on stdin/stdout: relays to the vault\'s running server (Obsidian plugin or "indx serve"); with --vault, serves the vault itself when no server runs. Logs go to stderr.')
    .option('--stdio', 'speak MCP over stdin and stdout (required)')
    .option('--vault <dir>', 'the vault: its running server is looked up, else it is served from this process (default: INDX_VAULT)')
    .option('--token-file <file>', 'file whose first line is the bearer token (default: INDX_TOKEN)')
    .option('--url <url>', 'base URL of the server, instead of looking it up (default: INDX_URL)')
    .option('--scopes <scopes>', 'when serving the vault itself: what the client may do, comma-separated vault:read, vault:write, vault:admin (default: vault:read,vault:write; a relayed session has its token\'s)')
    .option('--profile <name>', `when serving the vault itself: only this tool profile (${PROFILE_NAMES.join(', ')} or one of the configuration's access.tool_profiles; default full)`)
    .option('--tools <names>', 'when serving the vault itself: only these tools, comma-separated')
    .action(async (options: ServeStdioOptions) => {
      // The relay, the headless engine and the MCP SDK load when the server starts (serve-stdio.ts,
      // in the runtime), not for `--help`.
      const code = await (await loadRuntime()).mcpServeCommand(options);
      process.exitCode = code;
      // An idle keep-alive socket or a paused stdin must not keep a finished server alive.
      setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
    });
  registerInstallCommands(mcp);
  registerBundleCommand(mcp);
}
