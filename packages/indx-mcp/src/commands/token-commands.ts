import type { Command } from 'commander';
import { PROFILE_NAMES } from '../../../../src/core/auth/tool-profile-names';
import { loadRuntime } from '../load-runtime';

/**
 * `indx token create|list|revoke --vault DIR`: bearer tokens for the vault's HTTP server,
 * stored as hashes in its state folder. `create` prints the secret once. The token store and the
 * registry (which --tools is checked against) load when a command runs (token-run.ts, in the
 * runtime), not for `--help`.
 */
export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('Create, list and revoke bearer tokens for the HTTP server (MCP and REST)');
  token
    .command('create')
    .description('Create a token and print its secret once')
    .requiredOption('--vault <dir>', 'vault folder')
    .requiredOption('--name <name>', 'a name for the token (letters, digits, . _ -), recorded in the audit log as token:<name>')
    .requiredOption('--scopes <scopes>', 'comma-separated: vault:read, vault:write, vault:admin, app:editor (the Obsidian editor and commands, in the plugin)')
    .option('--profile <name>', `limit the token to a tool profile: ${PROFILE_NAMES.join(', ')} or one named in the configuration's access.tool_profiles (default full: every tool its scopes allow)`)
    .option('--tools <names>', 'limit the token to these tools, comma-separated (e.g. note_read,vault_search)')
    .option('--json', 'print {"name","token","scopes"}')
    .option('--token-file <file>', 'save the secret in a new file (mode 0600; an existing file is left alone) instead of printing it: what --token-file of the other commands reads')
    .action(async (options: CreateOptions) => (await loadRuntime()).tokenCreateCommand(options));
  token
    .command('list')
    .description('List tokens (names, scopes, tool limits, created, last used; never secrets)')
    .requiredOption('--vault <dir>', 'vault folder')
    .option('--json', 'print JSON')
    .action(async (options: { vault: string; json?: boolean }) => (await loadRuntime()).tokenListCommand(options));
  token
    .command('revoke')
    .description('Revoke a token; it stops working at once')
    .requiredOption('--vault <dir>', 'vault folder')
    .requiredOption('--name <name>', 'the token to revoke')
    .action(async (options: { vault: string; name: string }) => (await loadRuntime()).tokenRevokeCommand(options));
}

/** The options of `indx token create`. */
export interface CreateOptions {
  vault: string;
  name: string;
  scopes: string;
  profile?: string;
  tools?: string;
  json?: boolean;
  tokenFile?: string;
}
