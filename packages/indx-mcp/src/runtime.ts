import type { Command } from 'commander';
import type { CreateOptions } from './commands/token-commands';
import type { ServeOptions } from './commands/serve-command';
import type { BundleOptions } from './mcp/bundle-command';
import type { InstallCliOptions, StatusCliOptions, TargetOptions } from './mcp/install/register-install-commands';
import type { ServeStdioOptions } from './mcp/serve-stdio';
import { redactFailure } from './mcp/install/redact-failure';
import { reportError } from './report-error';

// What the indx command's actions run: everything that needs the registry, the engine, the
// servers or the SDKs. Built apart into dist/cli-runtime.js and loaded by `loadRuntime` when an
// action runs or an operation command is completed, so that `indx --help` and `--version` compile
// only the small start-up file, cli.js (issue 15, item 1).
//
// The boundary: cli.js and this file each bundle their own copy of the modules both use
// (commander, report-error, the error classes). An IndxError made here is no instance of cli.js's
// IndxError, so a failure must not be thrown across: each command below reports its own failure
// on stderr, as every indx command does, and sets the exit code.
//
// Each command imports what it runs when it runs: the whole file is compiled when it loads, but
// only the modules of the command at hand are evaluated (`indx token list` starts no engine).

/** Runs `work`; a failure is reported (after `explain`) and sets the process's exit code. */
async function reported(work: () => Promise<void>, explain: (error: unknown) => unknown = (error) => error): Promise<void> {
  try {
    await work();
  } catch (error: unknown) {
    process.exitCode = reportError(explain(error));
  }
}

/**
 * Completes the operation command `command` of operation `name` (see `registerOperationCommands`).
 * Its action reports its own failures; this throws only a plain Error, for a stale manifest.
 */
export async function completeOperationCommand(command: Command, name: string): Promise<void> {
  (await import('./commands/operation-command-plan')).completeOperationCommand(command, name);
}

/** `indx serve`, until interrupted. */
export const serveCommand = (options: ServeOptions): Promise<void> => reported(async () => (await import('./commands/serve-run')).serve(options));

/** `indx mcp serve --stdio`, until the client goes; resolves with its exit code (the caller exits with it). */
export const mcpServeCommand = (options: ServeStdioOptions): Promise<number> => import('./mcp/serve-stdio').then(({ serveMcpStdio }) => serveMcpStdio(options)).catch((error: unknown) => reportError(error));

/** `indx token create`, `list` and `revoke`. */
export const tokenCreateCommand = (options: CreateOptions): Promise<void> => reported(async () => (await import('./commands/token-run')).create(options));
export const tokenListCommand = (options: { vault: string; json?: boolean }): Promise<void> => reported(async () => (await import('./commands/token-run')).list(options));
export const tokenRevokeCommand = (options: { vault: string; name: string }): Promise<void> => reported(async () => (await import('./commands/token-run')).revoke(options));

/** `indx mcp install`, `uninstall` and `status`: failures are reported with their secrets redacted. */
export const mcpInstallCommand = (options: InstallCliOptions): Promise<void> => reported(async () => (await import('./mcp/install/install-actions')).install(options), redactFailure);
export const mcpUninstallCommand = (options: TargetOptions): Promise<void> => reported(async () => (await import('./mcp/install/install-actions')).uninstall(options), redactFailure);
export const mcpStatusCommand = (options: StatusCliOptions): Promise<void> => reported(async () => (await import('./mcp/install/install-actions')).status(options), redactFailure);

/** `indx mcp bundle`. */
export const mcpBundleCommand = (options: BundleOptions): Promise<void> => reported(async () => (await import('./mcp/write-bundle')).writeBundle(options));

/** `indx debug metadata`. */
export const debugMetadataCommand = (vault: string, paths: readonly string[]): Promise<void> => reported(async () => (await import('./commands/print-metadata')).printMetadata(vault, paths));
