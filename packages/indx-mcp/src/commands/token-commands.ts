import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { IndxError } from '../../../../src/core/errors';
import type { TokenSummary } from '../../../../src/core/auth/token-store';
import { PROFILE_NAMES, resolveToolLimit } from '../../../../src/core/auth/tool-profiles';
import { customProfilesOf } from '../custom-profiles';
import { openTokenStore } from '../open-token-store';
import { reportError } from '../report-error';
import { writeNewTokenFile } from '../token-file';

/**
 * `indx token create|list|revoke --vault DIR`: bearer tokens for the vault's HTTP server,
 * stored as hashes in its state folder. `create` prints the secret once.
 */
export function registerTokenCommands(program: Command): void {
  const token = program.command('token').description('Create, list and revoke bearer tokens for the HTTP server (MCP and REST)');
  token
    .command('create')
    .description('Create a token and print its secret once')
    .requiredOption('--vault <dir>', 'vault folder')
    .requiredOption('--name <name>', 'a name for the token (letters, digits, . _ -), recorded in the audit log as token:<name>')
    .requiredOption('--scopes <scopes>', 'comma-separated: vault:read, vault:write, vault:admin')
    .option('--profile <name>', `limit the token to a tool profile: ${PROFILE_NAMES.join(', ')} or one named in the configuration's access.tool_profiles (default full: every tool its scopes allow)`)
    .option('--tools <names>', 'limit the token to these tools, comma-separated (e.g. note_read,vault_search)')
    .option('--json', 'print {"name","token","scopes"}')
    .option('--token-file <file>', 'save the secret in a new file (mode 0600; an existing file is left alone) instead of printing it: what --token-file of the other commands reads')
    .action((options: CreateOptions) => run(() => create(options)));
  token
    .command('list')
    .description('List tokens (names, scopes, tool limits, created, last used; never secrets)')
    .requiredOption('--vault <dir>', 'vault folder')
    .option('--json', 'print JSON')
    .action((options: { vault: string; json?: boolean }) => run(() => list(options)));
  token
    .command('revoke')
    .description('Revoke a token; it stops working at once')
    .requiredOption('--vault <dir>', 'vault folder')
    .requiredOption('--name <name>', 'the token to revoke')
    .action((options: { vault: string; name: string }) => run(() => revoke(options)));
}

interface CreateOptions {
  vault: string;
  name: string;
  scopes: string;
  profile?: string;
  tools?: string;
  json?: boolean;
  tokenFile?: string;
}

async function create(options: CreateOptions): Promise<void> {
  const file = options.tokenFile === undefined ? undefined : resolve(options.tokenFile);
  if (file !== undefined && existsSync(file)) throw new IndxError('already_exists', `${file} already exists; indx does not overwrite a token file. Choose another file, or remove it first.`, { token_file: file });
  const store = await openTokenStore(options.vault);
  const tools = resolveToolLimit({ profile: options.profile, tools: options.tools }, await customProfilesOf(options.vault));
  const created = await store.create(options.name, options.scopes, tools);
  if (file !== undefined) await writeNewTokenFile(file, created.token, () => store.revoke(created.name));
  const shown = file === undefined ? created.token : null;
  if (options.json === true) return print(JSON.stringify({ name: created.name, ...(shown === null ? { token_file: file } : { token: shown }), scopes: created.scopes, ...(tools === undefined ? {} : { tools }) }));
  const where = shown === null ? `Saved its secret in ${file ?? ''} (readable by you only).` : `Copy it now; it is not shown again:\n\n  ${shown}\n`;
  const limit = tools === undefined ? '' : `, limited to ${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.join(', ')}`;
  print(`Created token "${created.name}" (${created.scopes.join(', ')}${limit}). ${where}`);
}


async function list(options: { vault: string; json?: boolean }): Promise<void> {
  const tokens = await (await openTokenStore(options.vault)).list();
  if (options.json === true) return print(JSON.stringify(tokens, null, 2));
  print(tokens.length === 0 ? 'No tokens. Create one with "indx token create".' : formatTable(tokens));
}

async function revoke(options: { vault: string; name: string }): Promise<void> {
  await (await openTokenStore(options.vault)).revoke(options.name);
  print(`Revoked token "${options.name}".`);
}

function formatTable(tokens: readonly TokenSummary[]): string {
  const rows = [['NAME', 'SCOPES', 'TOOLS', 'CREATED', 'LAST USED'], ...tokens.map((token) => [token.name, token.scopes.join(','), token.tools?.join(',') ?? 'all', token.created, token.last_used ?? 'never'])];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n');
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function run(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error: unknown) {
    process.exitCode = reportError(error);
  }
}
