import type { McpServer, Resource, Transport } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Engine, Caller } from '../../../../src/core/engine';
import { isIndxError } from '../../../../src/core/errors';
import type { VaultEvent } from '../../../../src/core/vault/vault-host';
import { FileStorage } from '../../../../src/hosts/node/file-storage';
import { metadataCacheDir, vaultConfigDir, vaultStateDir } from '../vault-state-dir';
import { NodeVaultHost } from '../../../../src/hosts/node/node-vault-host';
import { acquireWriteLock } from '../../../../src/hosts/node/write-lock';
import { AiResourceWatch } from '../../../../src/server/mcp/ai-resource-watch';
import { buildMcpServer } from '../../../../src/server/mcp/build-mcp-server';
import { GenerationCache } from '../../../../src/server/mcp/generation-cache';
import { createPrompts } from '../../../../src/server/mcp/prompts';
import { createHeadlessEngine } from '../create-headless-engine';
import { requireVaultFolder } from '../require-vault-folder';
import { ReplayCache } from '../../../../src/server/mcp/replay-cache';
import { toResourceChange, type ResourceChange } from '../../../../src/server/mcp/resource-change';
import { ResourceSubscriptions } from '../../../../src/server/mcp/resource-subscriptions';
import { RESOURCE_PROVIDERS } from '../../../../src/server/mcp/resources';
import { toVaultUri, VAULT_WIDE_URIS } from '../../../../src/server/mcp/vault-uris';

/**
 * The scopes of a headless stdio session unless `--scopes` says otherwise: read and write (seed
 * 000 §6.1). Admin (the configuration, reindexing) only when asked for: the process runs as the
 * local user, who holds those powers anyway, but the model driving the client need not.
 */
export const STDIO_DEFAULT_SCOPES = ['vault:read', 'vault:write'] as const;

/** The caller of a headless stdio session by default; the actor `stdio` tells these calls from the CLI's in the audit log. */
export const STDIO_CALLER: Caller = { actor: 'stdio', scopes: [...STDIO_DEFAULT_SCOPES] };

/** How long an identical read-only call is a replay, and a listing is kept (as the HTTP endpoint's default). */
const CACHE_TTL_MS = 60_000;

/** Options of {@link serveVaultOverStdio}. */
export interface HeadlessStdioOptions {
  /** The vault folder. */
  vault: string;
  /** Default: a `StdioServerTransport` over this process's stdin and stdout. */
  transport?: Transport;
  /** Resolves when the session should end (default: stdin ends, or SIGINT, SIGTERM, SIGHUP). */
  untilDone?: Promise<void>;
  log?: (line: string) => void;
  /** Who the client is (default {@link STDIO_CALLER}). */
  caller?: Caller;
}

/** The instance serving the connection, and its 2025-era subscriptions (none in the 2026 era). */
interface Served {
  server: McpServer;
  subscriptions: ResourceSubscriptions | null;
}

/**
 * Serves the vault folder in-process over stdio, both protocol eras (the SDK's `serveStdio`
 * decides per connection), as `options.caller` (default {@link STDIO_CALLER}). Holds the vault's write lock
 * (`lock_unavailable` when another process writes it), watches the folder and sends resource
 * notifications: to 2025-era subscriptions by the HTTP endpoint's rule (globs included), and to
 * 2026 `subscriptions/listen` streams for exact resource URIs. On stdin end or a signal the index
 * is saved, the audit log flushed and the lock released.
 */
export async function serveVaultOverStdio(options: HeadlessStdioOptions): Promise<void> {
  const root = await requireVaultFolder(options.vault);
  const stateDir = vaultStateDir(root);
  const release = await acquireWriteLock(stateDir);
  try {
    // Reads the vault in the background: initialize is answered at once, calls that need the vault wait for it.
    const host = await NodeVaultHost.start(root, { watch: true, metadataCacheDir: metadataCacheDir(stateDir), configDir: vaultConfigDir(root) });
    try {
      await serveEngine(await createHeadlessEngine(host, new FileStorage(stateDir), { holdsLock: true }), options);
    } finally {
      await host.close();
    }
  } finally {
    await release();
  }
}

async function serveEngine(engine: Engine, options: HeadlessStdioOptions): Promise<void> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`indx mcp: ${line}\n`));
  const caller = options.caller ?? STDIO_CALLER;
  engine.search?.start().catch((error: unknown) => log(`the search index could not be built: ${String(error)}`));
  const replay = new ReplayCache(CACHE_TTL_MS, Date.now);
  const listings = new GenerationCache<Resource[]>(CACHE_TTL_MS, Date.now, 8);
  const prompts = createPrompts({ clock: Date.now });
  let served: Served | null = null;
  const clearCaches = (): void => {
    replay.clear();
    listings.clear();
  };
  // Live AI resources follow their notes for 2025-era subscriptions (the 2026 era's listen filters are the SDK's).
  const aiWatch = new AiResourceWatch({ engine, publish: (uri) => void served?.server.server.sendResourceUpdated({ uri }).catch(() => undefined), onError: (error) => log(`could not re-derive an ai:// resource (${isIndxError(error) ? error.code : 'internal_error'})`) });
  const unsubscribers = [
    engine.host.on((event) => {
      clearCaches();
      if (served !== null) publish(served, event, aiWatch, caller);
    }),
    engine.audit.subscribe(clearCaches),
    () => aiWatch.close(),
  ];
  const handle = serveStdio(
    ({ era }) => {
      const subscriptions = era === 'legacy' ? new ResourceSubscriptions() : null;
      const setup = { engine, caller, replay, listings, resources: RESOURCE_PROVIDERS, prompts, resourcePageSize: 100, aiWatch };
      served = { server: buildMcpServer(subscriptions === null ? setup : { ...setup, subscriptions }), subscriptions };
      return served.server;
    },
    { transport: options.transport ?? new StdioServerTransport(), onerror: (error) => log(error.message) },
  );
  try {
    await (options.untilDone ?? untilStdinEndsOrSignal());
  } finally {
    for (const unsubscribe of unsubscribers) unsubscribe();
    await handle.close();
    await engine.close();
  }
}

/**
 * Sends the notifications a vault event is due: per subscription (2025 era) or per changed URI
 * (2026 era, routed by the SDK); subscribed live AI resources are re-derived by `aiWatch`.
 */
function publish(served: Served, event: VaultEvent, aiWatch: AiResourceWatch, caller: Caller): void {
  const change = toResourceChange(event);
  if (change === null) return;
  const uris = served.subscriptions === null ? changedUris(change) : served.subscriptions.notificationsFor(change);
  for (const uri of uris) served.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  if (change.listChanged) served.server.sendResourceListChanged();
  aiWatch.onChange(change, (served.subscriptions?.uris() ?? []).map((uri) => ({ uri, caller })));
}

function changedUris(change: ResourceChange): string[] {
  return [...change.paths.map(toVaultUri), ...VAULT_WIDE_URIS];
}

function untilStdinEndsOrSignal(): Promise<void> {
  return new Promise((resolveDone) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const done = (): void => {
      for (const signal of signals) process.off(signal, done);
      process.stdin.off('end', done);
      process.stdin.off('close', done);
      resolveDone();
    };
    for (const signal of signals) process.on(signal, done);
    process.stdin.on('end', done);
    process.stdin.on('close', done);
  });
}
