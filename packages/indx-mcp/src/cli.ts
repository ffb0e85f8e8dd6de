import { Command } from 'commander';
import { ENGINE_VERSION } from '../../../src/core/version';
import { registerDebugMetadata } from './commands/debug-metadata';
import { registerOperationCommands } from './commands/operation-commands';
import { registerServeCommand } from './commands/serve-command';
import { registerTokenCommands } from './commands/token-commands';
import { registerMcpCommands } from './mcp/register-mcp-commands';
import { exitOnUsageError, reportError } from './report-error';
import { checkConfigDir, CONFIG_DIR_VARIABLE } from './vault-state-dir';

const program = new Command('indx')
  .description('indx: serve an Obsidian vault to AI agents; CLI over the same operations')
  .version(ENGINE_VERSION)
  .option('--config-dir <name>', `the vault's configuration folder the indx plugin is installed in, when it is not .obsidian (${CONFIG_DIR_VARIABLE}; default: found by the plugin's manifest)`)
  .exitOverride(exitOnUsageError)
  // Set for the whole process (and what it starts), so every command opens the plugin's state folder.
  .hook('preAction', (command) => {
    const { configDir } = command.opts<{ configDir?: string }>();
    if (configDir !== undefined) process.env[CONFIG_DIR_VARIABLE] = checkConfigDir(configDir);
  });
const operations = registerOperationCommands(program);
registerDebugMetadata(program);
registerTokenCommands(program);
registerServeCommand(program);
registerMcpCommands(program);

operations
  .completeHelpTargets(process.argv.slice(2))
  .then(() => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    process.exitCode = reportError(error);
  });
