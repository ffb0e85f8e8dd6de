import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { IndxError } from '../../../../src/core/errors';
import type { TokenSummary } from '../../../../src/core/auth/token-store';
import { resolveToolLimit } from '../../../../src/core/auth/tool-profiles';
import { customProfilesOf } from '../custom-profiles';
import { openTokenStore } from '../open-token-store';
import { writeNewTokenFile } from '../token-file';
import type { CreateOptions } from './token-commands';

/** `indx token create`. */
export async function create(options: CreateOptions): Promise<void> {
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

/** `indx token list`. */
export async function list(options: { vault: string; json?: boolean }): Promise<void> {
  const tokens = await (await openTokenStore(options.vault)).list();
  if (options.json === true) return print(JSON.stringify(tokens, null, 2));
  print(tokens.length === 0 ? 'No tokens. Create one with "indx token create".' : formatTable(tokens));
}

/** `indx token revoke`. */
export async function revoke(options: { vault: string; name: string }): Promise<void> {
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
