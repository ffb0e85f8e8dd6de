import { Command } from 'commander';
import { ENGINE_VERSION } from '../../../src/core/ops/vault/vault-status';
import { registerDebugMetadata } from './commands/debug-metadata';
import { registerOperationCommands } from './commands/operation-commands';
import { registerServeCommand } from './commands/serve-command';
import { registerTokenCommands } from './commands/token-commands';
import { registerMcpCommands } from './mcp/register-mcp-commands';
import { exitOnUsageError, reportError } from './report-error';

const program = new Command('indx').description('indx: serve an Obsidian vault to AI agents; CLI over the same operations').version(ENGINE_VERSION).exitOverride(exitOnUsageError);
registerOperationCommands(program);
registerDebugMetadata(program);
registerTokenCommands(program);
registerServeCommand(program);
registerMcpCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.exitCode = reportError(error);
});
