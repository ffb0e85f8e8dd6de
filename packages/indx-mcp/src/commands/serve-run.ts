import { realpath } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { AiRuntime } from '../../../../src/core/ai/runtime/ai-runtime';
import { TokenStore } from '../../../../src/core/auth/token-store';
import { readVaultConfig } from '../../../../src/core/config/vault-config';
import { IndxError, isIndxError } from '../../../../src/core/errors';
import { FileStorage } from '../../../../src/hosts/node/file-storage';
import { metadataCacheDir, vaultConfigDir, vaultStateDir } from '../vault-state-dir';
import { NodeVaultHost } from '../../../../src/hosts/node/node-vault-host';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { writeDiscovery } from '../../../../src/server/discovery/discovery-file';
import { createMcpEndpoint } from '../../../../src/server/mcp/create-mcp-endpoint';
import { startServer, type RunningServer } from '../../../../src/server/start-server';
import { describeServer, type ServedToken } from '../client-config';
import { createHeadlessEngine } from '../create-headless-engine';
import { requireVaultFolder } from '../require-vault-folder';
import type { ServeOptions } from './serve-command';
import { readTokenLine, writeNewTokenFile } from '../token-file';

/** Scopes of a token made by `--new-token`. */
const NEW_TOKEN_SCOPES = ['vault:read', 'vault:write'];

/** Runs `indx serve` (see `registerServeCommand`) until interrupted. */
export async function serve(options: ServeOptions): Promise<void> {
  newTokenPrefix(options);
  const root = await requireVaultFolder(options.vault);
  const stateDir = vaultStateDir(root);
  const release = await acquireWriteLock(stateDir);
  const cleanup: (() => Promise<void>)[] = [release];
  try {
    // Reads the vault in the background: the server answers at once, calls that need the vault wait for it.
    const host = await NodeVaultHost.start(root, { watch: true, metadataCacheDir: metadataCacheDir(stateDir), configDir: vaultConfigDir(root) });
    cleanup.unshift(() => host.close());
    const storage = new FileStorage(stateDir);
    const engine = await createHeadlessEngine(host, storage, { holdsLock: true });
    // Stops the search index (saving it) and flushes the audit log.
    cleanup.unshift(() => engine.close());
    // Build the search index in the background now, so the first search finds it ready.
    engine.search?.start().catch((error: unknown) => process.stderr.write(`indx: the search index could not be built: ${String(error)}\n`));
    const tokens = await TokenStore.load(storage);
    const server = await startServer({ engine, tokens, port: options.port ?? (await readVaultConfig(storage)).server.port, mcp: createMcpEndpoint });
    cleanup.unshift(() => server.close());
    cleanup.unshift(await announce(server, root));
    const token = await serverToken(tokens, options);
    if (token?.lifetime === 'server') cleanup.unshift(() => revokeQuietly(tokens, token.name));
    // Listen for the stop signals before saying we are ready: a signal that arrives before Node
    // has a listener takes the default action and kills the process without its cleanup.
    const interrupted = untilInterrupted();
    process.stdout.write(describeServer({ vaultName: basename(root), vaultRoot: root, url: server.url, token, ai: describeAi(engine.ai) }));
    await interrupted;
  } finally {
    await runAll(cleanup);
  }
}

/**
 * What `indx serve` says about AI: `AI: <provider> <model>` when a chat model is configured, else
 * `AI: off (…)` with how to switch it on, and the configuration's problem when it is half done.
 */
function describeAi(ai: AiRuntime): string[] {
  const chat = ai.chat;
  const problem = ai.settings.problem === null ? [] : [`AI problem: ${ai.settings.problem}`];
  if (chat !== null) return [`AI: ${chat.provider} ${chat.model}`, ...problem];
  if (!ai.settings.enabled) return ['AI: off (switched off by INDX_AI_ENABLED=false or ai.enabled: false in the vault configuration)', ...problem];
  return ['AI: off (set INDX_AI_PROVIDER and INDX_AI_MODEL)', ...problem];
}

/**
 * Writes the discovery record of the running server; resolves with the step that removes it. A
 * record that cannot be written only costs discovery, so it is reported, not fatal.
 */
async function announce(server: RunningServer, root: string): Promise<() => Promise<void>> {
  const vaultPath = await realpath(root);
  const record = { version: 1 as const, host: 'headless' as const, url: server.url, port: server.port, vault_path: vaultPath, vault_name: basename(vaultPath), pid: process.pid, started_at: new Date().toISOString() };
  try {
    return await writeDiscovery(record);
  } catch (error: unknown) {
    process.stderr.write(`indx: the discovery record could not be written, so "indx mcp serve --stdio" will not find this server by itself: ${String(error)}\n`);
    return () => Promise.resolve();
  }
}

/** Runs every cleanup step in order even when one fails, then rethrows the first failure. */
async function runAll(steps: readonly (() => Promise<void>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

/** Revokes the session token; one already revoked by hand is fine. */
async function revokeQuietly(tokens: TokenStore, name: string): Promise<void> {
  await tokens.revoke(name).catch((error: unknown) => {
    if (!isIndxError(error) || error.code !== 'not_found') throw error;
  });
}

/**
 * The token `serve` prints: none; a new one revoked at shutdown (`--new-token`); or the one kept
 * in `--token-file`, reused while the vault knows it, else created and written there (0600).
 */
async function serverToken(tokens: TokenStore, options: ServeOptions): Promise<ServedToken | null> {
  const prefix = newTokenPrefix(options);
  if (prefix !== null) return toServedToken(await tokens.create(tokenName(prefix), NEW_TOKEN_SCOPES), 'server', null);
  if (options.tokenFile === undefined) return null;
  const file = resolve(options.tokenFile);
  const kept = await readTokenLine(file);
  const identity = kept === null ? null : await tokens.verify(kept);
  if (kept !== null && identity !== null) return { name: identity.name, secret: kept, scopes: identity.scopes, lifetime: 'file', file, reused: true };
  // Security: a token this vault does not know may be another vault's, still in use: never overwritten.
  if (kept !== null) throw new IndxError('conflict', `${file} holds a token this vault does not know (revoked, or another vault's), and indx does not overwrite a token file. Remove the file to get a new token there, or pass another --token-file.`, { token_file: file });
  const created = await tokens.create(tokenName('serve-kept'), NEW_TOKEN_SCOPES);
  await writeNewTokenFile(file, created.token, () => revokeQuietly(tokens, created.name));
  return toServedToken(created, 'file', file);
}

/** The `--new-token` prefix, or null without it; `invalid_input` when `--token-file` is given too. */
function newTokenPrefix(options: ServeOptions): string | true | null {
  const prefix = options.newToken === undefined || options.newToken === false ? null : options.newToken;
  if (prefix !== null && options.tokenFile !== undefined) throw new IndxError('invalid_input', 'Give --new-token (a token for this run) or --token-file (a token kept across runs), not both.', {});
  return prefix;
}

function toServedToken(token: { name: string; token: string; scopes: readonly string[] }, lifetime: ServedToken['lifetime'], file: string | null): ServedToken {
  return { name: token.name, secret: token.token, scopes: token.scopes, lifetime, file, reused: false };
}

function tokenName(prefix: string | true): string {
  return `${prefix === true ? 'serve' : prefix}-${new Date().toISOString().replace(/:/g, '-')}`;
}

function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.off('SIGHUP', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // A closed terminal sends SIGHUP, whose default action would skip the cleanup.
    process.on('SIGHUP', stop);
  });
}
