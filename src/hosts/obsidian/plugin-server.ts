import type { App } from 'obsidian';
import type { FetchFunction } from '../../core/ai/openai-compatible';
import type { AiRuntimeOptions } from '../../core/ai/runtime/ai-runtime';
import type { EmbeddingProviderConfigInput } from '../../core/ai/embedding-provider-config';
import type { TokenStore } from '../../core/auth/token-store';
import { describeRecovered } from '../../core/journal/intent-journal';
import { Engine } from '../../core/engine';
import { isIndxError } from '../../core/errors';
import { removeSavedIndex } from '../../core/search/persist/index-store';
import type { SearchStatus } from '../../core/search/service/search-types';
import { createVectorSearch } from '../../core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../core/search/vectors/managed-vector-search';
import type { Storage } from '../../core/vault/storage';
import { writeDiscovery } from '../../server/discovery/discovery-file';
import { createMcpEndpoint } from '../../server/mcp/create-mcp-endpoint';
import { startServer } from '../../server/start-server';
import { acquirePluginLock } from './acquire-plugin-lock';
import { ObsidianVaultHost } from './obsidian-vault-host';

/** How often the plugin tries the write lock again while another process holds it. */
export const LOCK_RETRY_INTERVAL_MS = 15_000;

/**
 * How many ports after the configured one the server tries when it is taken (27643 .. 27652 by
 * default): each vault open in the app at once needs a port of its own. Never a port of the same
 * vault's other server: the write lock, taken first, lets only one indx serve a vault.
 */
export const PORT_FALLBACKS = 9;

/** Ports from `first` to `last` (the same port when only one was tried). */
export interface PortRange {
  first: number;
  last: number;
}

/** Where the plugin's server stands. */
export type ServerState =
  | { status: 'stopped' }
  | { status: 'starting' }
  /** `requestedPort`: the configured port; `port` differs from it when that one was taken. */
  | { status: 'running'; url: string; port: number; requestedPort: number }
  /** Another process (a headless indx) holds the vault's write lock; the lock is tried again in the background. */
  | { status: 'waiting'; holder: string }
  | { status: 'stopping' }
  | { status: 'failed'; message: string; portsInUse: PortRange | null };

/** What the server is built from; functions are asked at each start, so settings changes apply on restart. */
export interface PluginServerOptions {
  app: App;
  /** Absolute path of the vault folder. */
  vaultPath: string;
  /** The state folder (index, tokens, configuration, audit log), shared with the headless server. */
  stateDir: string;
  storage: Storage;
  tokens: TokenStore;
  port(): Promise<number>;
  /** The embeddings provider for semantic search, or null for lexical search only; throws when half configured. */
  embeddings(): Promise<EmbeddingProviderConfigInput | null>;
  /** How the provider is reached (one built on `requestUrl`). */
  fetch: FetchFunction;
  /** The AI provider's key from the app's secret storage ('' when none), read at each configuration reload. */
  secretKey(): string;
  onChange(state: ServerState): void;
  /** Told at start about state files gone missing and operations a crash interrupted (default: the console). */
  onWarning?: (message: string) => void;
  /** Retries while a previous instance of the plugin still releases the write lock, backing off from 1 s (default 4). */
  lockRetries?: number;
  /** How long to wait before trying the lock again while another process holds it (default {@link LOCK_RETRY_INTERVAL_MS}). */
  lockRetryIntervalMs?: number;
}

type Cleanup = () => Promise<void>;

/**
 * The plugin's HTTP server (MCP at `/mcp`, REST at `/v1`) with everything it runs on: the vault's
 * write lock, the Obsidian host, the engine with its search index, and the discovery file the
 * stdio relay and the CLI find it by. Start and stop run one at a time, in call order; a stop
 * releases everything a start took, in reverse order, even when a step fails. While another
 * process holds the vault's write lock the server waits (state `waiting`), trying the lock again
 * every {@link LOCK_RETRY_INTERVAL_MS}, until it gets it, is stopped, or is disposed.
 */
export class PluginServer {
  private current: ServerState = { status: 'stopped' };
  private runningEngine: Engine | null = null;
  private cleanup: Cleanup[] = [];
  private queue: Promise<void> = Promise.resolve();
  private retryTimer: number | null = null;
  private disposed = false;
  private rebuildAtNextStart = false;

  constructor(private readonly options: PluginServerOptions) {}

  /** The current state. */
  get state(): ServerState {
    return this.current;
  }

  /** The engine the server runs on, or null while it is not running. */
  get engine(): Engine | null {
    return this.runningEngine;
  }

  /** The search index's state, or null while the server is not running. */
  searchStatus(): SearchStatus | null {
    return this.runningEngine?.search?.status() ?? null;
  }

  /** Applies the vault configuration's path rules anew (it changed on disk); nothing when stopped. */
  async reloadConfig(): Promise<void> {
    await this.runningEngine?.reloadConfig();
  }

  /** Starts the server unless it runs; a failure is reported through the state, never thrown. */
  start(): Promise<void> {
    return this.enqueue(() => this.startNow());
  }

  /** Stops the server (or its wait for the lock) and releases everything it held. */
  stop(): Promise<void> {
    return this.enqueue(() => this.stopNow());
  }

  /** Stops for good (the plugin unloads): starts and retries asked for afterwards do nothing. */
  dispose(): Promise<void> {
    this.disposed = true;
    this.cancelRetry();
    return this.stop();
  }

  /** Stops, then starts again (settings such as the port apply). */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.stopNow();
      await this.startNow();
    });
  }

  /**
   * Throws the saved search index away and builds it again from the vault: the server restarts
   * when it was running; otherwise the index is rebuilt at the next start. The index is removed
   * only while holding the write lock (another process may be using it).
   */
  rebuildIndex(): Promise<void> {
    return this.enqueue(async () => {
      this.rebuildAtNextStart = true;
      if (this.runningEngine === null) return;
      await this.stopNow();
      await this.startNow();
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async startNow(): Promise<void> {
    this.cancelRetry();
    if (this.runningEngine !== null || this.disposed) return;
    // A retry while waiting keeps saying "waiting" rather than flickering through "starting".
    if (this.current.status !== 'waiting') this.setState({ status: 'starting' });
    const cleanup: Cleanup[] = [];
    try {
      this.runningEngine = await this.open(cleanup);
      this.cleanup = cleanup;
    } catch (error: unknown) {
      this.runningEngine = null;
      await runAll(cleanup).catch((failure: unknown) => console.warn('indx: cleaning up after a failed start failed', failure));
      this.onStartFailed(error);
    }
  }

  /** Another process holding the lock means waiting for it; any other failure is final until the next start. */
  private onStartFailed(error: unknown): void {
    // Disposed meanwhile: the stop that dispose() queued reports the end, with no failure to show.
    if (this.disposed) return;
    if (!isIndxError(error, 'lock_unavailable')) return this.setState(toFailure(error));
    const holder = describeHolder(error.details.owner);
    const current = this.current;
    if (current.status !== 'waiting' || current.holder !== holder) this.setState({ status: 'waiting', holder });
    this.retryTimer = window.setTimeout(() => this.retry(), this.options.lockRetryIntervalMs ?? LOCK_RETRY_INTERVAL_MS);
  }

  private retry(): void {
    this.retryTimer = null;
    // Stopped, restarted or disposed since the timer was set: the wait is over.
    void this.enqueue(() => (this.current.status === 'waiting' ? this.startNow() : Promise.resolve()));
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) window.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Opens every part in order, putting each one's cleanup first in `cleanup`. */
  private async open(cleanup: Cleanup[]): Promise<Engine> {
    const { app, storage, tokens, vaultPath } = this.options;
    cleanup.unshift(await acquirePluginLock(this.options.stateDir, this.options.lockRetries ?? 4));
    if (this.rebuildAtNextStart) await this.removeIndex();
    const host = new ObsidianVaultHost(app);
    cleanup.unshift(() => Promise.resolve(host.close()));
    const holder: { engine: Engine | null } = { engine: null };
    const vectors = await this.createVectors(() => holder.engine?.search?.refreshVectors());
    const engine = await Engine.create({ host, storage, search: { vectors }, ai: this.aiOptions() });
    holder.engine = engine;
    cleanup.unshift(() => engine.close());
    // Holding the lock: a journal entry left in the state folder is a crash's, finished before serving.
    const warn = this.options.onWarning ?? ((message: string) => console.warn(message));
    for (const warning of engine.stateWarnings) warn(`indx: ${warning.message}`);
    for (const recovered of await engine.recoverInterrupted()) warn(`indx: ${describeRecovered(recovered)}`);
    engine.search?.start().catch((error: unknown) => console.warn('indx: the search index could not be built', error));
    const requestedPort = await this.options.port();
    const server = await startServer({ engine, tokens, port: requestedPort, portFallbacks: PORT_FALLBACKS, mcp: createMcpEndpoint });
    const closeServer: Cleanup = () => server.close();
    cleanup.unshift(closeServer);
    const record = { version: 1 as const, host: 'obsidian' as const, url: server.url, port: server.port, vault_path: vaultPath, vault_name: app.vault.getName(), pid: process.pid, started_at: new Date().toISOString() };
    // Discovery is a convenience for the stdio relay and the CLI: without it the server still serves.
    const removeDiscovery = await writeDiscovery(record).catch((error: unknown) => {
      console.warn('indx: could not write the discovery file', error);
      return () => Promise.resolve();
    });
    // Behind the server's close: the listening socket goes first, as unload does not wait and a reload wants the port.
    cleanup.splice(cleanup.indexOf(closeServer) + 1, 0, removeDiscovery);
    this.setState({ status: 'running', url: server.url, port: server.port, requestedPort });
    return engine;
  }

  /**
   * The AI runtime's plumbing inside the app: no environment (the settings tab decides alone, so
   * what it shows is what runs), requests through `requestUrl` (which returns whole bodies, so
   * nothing streams), and the key from the secret storage.
   */
  private aiOptions(): AiRuntimeOptions {
    const secretKey = (): string | undefined => this.options.secretKey() || undefined;
    return { environment: {}, fetch: this.options.fetch, canStream: false, secretKey };
  }

  private async removeIndex(): Promise<void> {
    await removeSavedIndex(this.options.storage);
    this.rebuildAtNextStart = false;
  }

  /** The vector half of search; a half-configured provider leaves search lexical rather than failing the start. */
  private async createVectors(onInvalidated: () => void): Promise<ManagedVectorSearch | null> {
    try {
      const provider = await this.options.embeddings();
      return provider === null ? null : createVectorSearch({ storage: this.options.storage, provider, fetch: this.options.fetch, onInvalidated });
    } catch (error: unknown) {
      console.warn('indx: semantic search is off', error);
      return null;
    }
  }

  private async stopNow(): Promise<void> {
    this.cancelRetry();
    if (this.runningEngine === null) {
      if (this.current.status !== 'stopped') this.setState({ status: 'stopped' });
      return;
    }
    this.setState({ status: 'stopping' });
    const cleanup = this.cleanup;
    this.runningEngine = null;
    this.cleanup = [];
    await runAll(cleanup).catch((error: unknown) => console.warn('indx: stopping the server failed', error));
    this.setState({ status: 'stopped' });
  }

  private setState(state: ServerState): void {
    this.current = state;
    this.options.onChange(state);
  }
}

/** Runs every step in order even when one fails, then rethrows the first failure. */
async function runAll(steps: readonly Cleanup[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

/** Who holds the write lock, from the owner record beside it. */
function describeHolder(owner: unknown): string {
  if (typeof owner !== 'object' || owner === null) return 'an unknown process';
  const { pid, hostname, command } = owner as { pid?: unknown; hostname?: unknown; command?: unknown };
  const what = typeof command === 'string' && command !== '' ? `: ${command}` : '';
  return `process ${String(pid)} on ${String(hostname)}${what}`;
}

function toFailure(error: unknown): ServerState {
  if (isIndxError(error, 'conflict') && typeof error.details.port === 'number') {
    const first = error.details.port;
    const last = typeof error.details.last_port === 'number' ? error.details.last_port : first;
    const taken = first === last ? `Port ${first} is in use by another program (or by indx in another vault)` : `Ports ${first} to ${last} are all in use by other programs (or by indx in other vaults)`;
    return { status: 'failed', message: `${taken}. Choose another port in the indx settings, then start the server again.`, portsInUse: { first, last } };
  }
  if (isIndxError(error)) return { status: 'failed', message: error.message, portsInUse: null };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 'failed', message: `indx could not start its server: ${detail}`, portsInUse: null };
}
