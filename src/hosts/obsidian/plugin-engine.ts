import type { App } from 'obsidian';
import type { FetchFunction } from '../../core/ai/openai-compatible';
import type { AiRuntimeOptions } from '../../core/ai/runtime/ai-runtime';
import type { AppPort } from '../../core/app/app-port';
import type { AiSettings } from '../../core/ai/runtime/ai-settings';
import type { EmbeddingProviderConfigInput } from '../../core/ai/embedding-provider-config';
import type { Engine } from '../../core/engine';
import { isIndxError } from '../../core/errors';
import type { SearchStatus } from '../../core/search/service/search-types';
import type { createVectorSearch as CreateVectorSearch } from '../../core/search/vectors/create-vector-search';
import type { ManagedVectorSearch } from '../../core/search/vectors/managed-vector-search';
import type { Storage } from '../../core/vault/storage';
import { loadEngineParts } from './load-engine-parts';
import { runAll, type Cleanup } from './run-steps';

/** How often the plugin tries the write lock again while another process holds it. */
export const LOCK_RETRY_INTERVAL_MS = 15_000;

/** Where the plugin's engine stands. */
export type EngineState =
  | { status: 'closed' }
  | { status: 'opening' }
  | { status: 'open' }
  /** Another process (a headless indx) holds the vault's write lock; the lock is tried again in the background. */
  | { status: 'waiting'; holder: string }
  | { status: 'failed'; message: string };

/**
 * Something served from the engine (the HTTP server): opened once the engine is open, closed
 * before the engine closes. A surface reports its own failures; `open` and `close` do not throw.
 */
export interface EngineSurface {
  /** Resolves false when it could not open (a port in use): its own state says why. */
  open(engine: Engine): Promise<boolean>;
  close(): Promise<void>;
}

/** What the engine is built from; functions are asked at each open, so settings changes apply on a reopen. */
export interface PluginEngineOptions {
  app: App;
  /** The state folder (index, tokens, configuration, audit log), shared with the headless server. */
  stateDir: string;
  storage: Storage;
  /** The embeddings provider for semantic search, or null for lexical search only; throws when half configured. */
  embeddings(): Promise<EmbeddingProviderConfigInput | null>;
  /** How the provider is reached (one built on `requestUrl`). */
  fetch: FetchFunction;
  /** The AI provider's key from the app's secret storage ('' when none), read at each configuration reload. */
  secretKey(): string;
  /** The editor and command palette, as far as the user lets agents reach them (absent: no app operations). */
  appPort?: AppPort;
  onChange(state: EngineState): void;
  /** Told at open about state files gone missing and operations a crash interrupted (default: the console). */
  onWarning?: (message: string) => void;
  /** Retries while a previous instance of the plugin still releases the write lock, backing off from 1 s (default 4). */
  lockRetries?: number;
  /** How long to wait before trying the lock again while another process holds it (default {@link LOCK_RETRY_INTERVAL_MS}). */
  lockRetryIntervalMs?: number;
}

/**
 * The plugin's one engine with everything it runs on: the vault's write lock, the Obsidian host,
 * the search index. The plugin opens it once the layout is ready and closes it on unload; its own
 * commands call it directly, and surfaces (the HTTP server) are attached and detached without
 * closing it, so the write lock is held from open to close whatever the server does. Open,
 * close, attach, detach, reopen and rebuild run one at a time, in call order; a close releases
 * everything an open took, surfaces first, in reverse order, even when a step fails. While
 * another process holds the lock the engine waits (state `waiting`), trying again every
 * {@link LOCK_RETRY_INTERVAL_MS}, until it gets it or is closed; attaching a surface tries at once.
 */
export class PluginEngine {
  private current: EngineState = { status: 'closed' };
  private opened: Engine | null = null;
  private cleanup: Cleanup[] = [];
  /** The surfaces asked for (changed at once, so their state says so); `openSurfaces` follows in the queue. */
  private readonly wanted = new Set<EngineSurface>();
  private openSurfaces: EngineSurface[] = [];
  /** Open surfaces whose open failed: attaching one again tries again. */
  private readonly failedSurfaces = new Set<EngineSurface>();
  private queue: Promise<void> = Promise.resolve();
  private retryTimer: number | null = null;
  private disposed = false;
  private rebuildAtNextOpen = false;

  constructor(private readonly options: PluginEngineOptions) {}

  /** The current state. */
  get state(): EngineState {
    return this.current;
  }

  /** The open engine, or null while it is not open. */
  get engine(): Engine | null {
    return this.opened;
  }

  /** The AI settings in force, or null while the engine is not open. */
  aiSettings(): AiSettings | null {
    return this.opened?.ai.settings ?? null;
  }

  /** The search index's state, or null while the engine is not open. */
  searchStatus(): SearchStatus | null {
    return this.opened?.search?.status() ?? null;
  }

  /** Applies the vault configuration's path rules anew (it changed on disk); nothing while not open. */
  async reloadConfig(): Promise<void> {
    await this.opened?.reloadConfig();
  }

  /** Opens the engine unless it is open; a failure is reported through the state, never thrown. */
  open(): Promise<void> {
    return this.enqueue(() => this.openNow());
  }

  /**
   * Serves `surface` from the engine: at once when it is open, else once it opens. A wait for the
   * lock or a failed open is tried again now (starting the server is how the user retries).
   */
  attach(surface: EngineSurface): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.wanted.add(surface);
    return this.enqueue(async () => {
      if (this.opened !== null) return this.openSurface(surface);
      if (this.current.status === 'waiting' || this.current.status === 'failed') await this.openNow();
    });
  }

  /**
   * Closes the engine with its surfaces and opens both again (`surface` attached first), so what
   * is read at open applies: the embeddings provider, a surface's port. A wait for the lock or a
   * failed open is tried again at once.
   */
  reopen(surface?: EngineSurface): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (surface !== undefined) this.wanted.add(surface);
    return this.enqueue(async () => {
      await this.closeNow();
      await this.openNow();
    });
  }

  /** Stops serving `surface`; the engine and its lock stay. */
  detach(surface: EngineSurface): Promise<void> {
    this.wanted.delete(surface);
    return this.enqueue(() => this.closeSurface(surface));
  }

  /** True while `surface` is asked to be served (attached and not detached since). */
  isAttached(surface: EngineSurface): boolean {
    return this.wanted.has(surface);
  }

  /**
   * Throws the saved search index away and builds it again from the vault: the engine (with its
   * surfaces) is reopened when open; otherwise the index is rebuilt at the next open. The index is
   * removed only while holding the write lock (another process may be using it).
   */
  rebuildIndex(): Promise<void> {
    return this.enqueue(async () => {
      this.rebuildAtNextOpen = true;
      if (this.opened === null) return;
      await this.closeNow();
      await this.openNow();
    });
  }

  /** Closes for good (the plugin unloads): surfaces first, then the engine and its lock; opens and retries asked for afterwards do nothing. */
  close(): Promise<void> {
    this.disposed = true;
    this.cancelRetry();
    this.wanted.clear();
    return this.enqueue(() => this.closeNow());
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async openNow(): Promise<void> {
    this.cancelRetry();
    if (this.opened !== null || this.disposed) return;
    // A retry while waiting keeps saying "waiting" rather than flickering through "opening".
    if (this.current.status !== 'waiting') this.setState({ status: 'opening' });
    const cleanup: Cleanup[] = [];
    try {
      this.opened = await this.openParts(cleanup);
      this.cleanup = cleanup;
    } catch (error: unknown) {
      await runAll(cleanup).catch((failure: unknown) => console.warn('indx: cleaning up after a failed open failed', failure));
      this.onOpenFailed(error);
      return;
    }
    this.setState({ status: 'open' });
    for (const surface of this.wanted) await this.openSurface(surface);
  }

  /** Another process holding the lock means waiting for it; any other failure is final until the next attach. */
  private onOpenFailed(error: unknown): void {
    // Closed meanwhile: the close that close() queued reports the end, with no failure to show.
    if (this.disposed) return;
    if (!isIndxError(error, 'lock_unavailable')) return this.setState({ status: 'failed', message: describeFailure(error) });
    const holder = describeHolder(error.details.owner);
    const current = this.current;
    if (current.status !== 'waiting' || current.holder !== holder) this.setState({ status: 'waiting', holder });
    this.retryTimer = window.setTimeout(() => this.retry(), this.options.lockRetryIntervalMs ?? LOCK_RETRY_INTERVAL_MS);
  }

  private retry(): void {
    this.retryTimer = null;
    // Opened (an attach retried) or closed since the timer was set: the wait is over.
    void this.enqueue(() => (this.current.status === 'waiting' ? this.openNow() : Promise.resolve()));
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) window.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Opens every part in order, putting each one's cleanup first in `cleanup`. */
  private async openParts(cleanup: Cleanup[]): Promise<Engine> {
    const { app, storage } = this.options;
    const { acquirePluginLock, createVectorSearch, describeRecovered, Engine, ObsidianVaultHost } = await loadEngineParts();
    cleanup.unshift(await acquirePluginLock(this.options.stateDir, this.options.lockRetries ?? 4));
    if (this.rebuildAtNextOpen) await this.removeIndex();
    const host = new ObsidianVaultHost(app);
    cleanup.unshift(() => Promise.resolve(host.close()));
    const holder: { engine: Engine | null } = { engine: null };
    const vectors = await this.createVectors(createVectorSearch, () => holder.engine?.search?.refreshVectors());
    const appPort = this.options.appPort;
    const engine = await Engine.create({ host, storage, search: { vectors }, ai: this.aiOptions(), ...(appPort === undefined ? {} : { app: appPort }) });
    holder.engine = engine;
    cleanup.unshift(() => engine.close());
    // Holding the lock: a journal entry left in the state folder is a crash's, finished before anything is served.
    const warn = this.options.onWarning ?? ((message: string) => console.warn(message));
    for (const warning of engine.stateWarnings) warn(`indx: ${warning.message}`);
    for (const recovered of await engine.recoverInterrupted()) warn(`indx: ${describeRecovered(recovered)}`);
    engine.search?.start().catch((error: unknown) => console.warn('indx: the search index could not be built', error));
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
    const { removeSavedIndex } = await loadEngineParts();
    await removeSavedIndex(this.options.storage);
    this.rebuildAtNextOpen = false;
  }

  /** The vector half of search; a half-configured provider leaves search lexical rather than failing the open. */
  private async createVectors(createVectorSearch: typeof CreateVectorSearch, onInvalidated: () => void): Promise<ManagedVectorSearch | null> {
    try {
      const provider = await this.options.embeddings();
      return provider === null ? null : createVectorSearch({ storage: this.options.storage, provider, fetch: this.options.fetch, onInvalidated });
    } catch (error: unknown) {
      console.warn('indx: semantic search is off', error);
      return null;
    }
  }

  private async openSurface(surface: EngineSurface): Promise<void> {
    if (this.opened === null || !this.wanted.has(surface)) return;
    if (this.openSurfaces.includes(surface)) {
      // Attached again after it failed to open (the user freed the port and starts the server): try again.
      if (!this.failedSurfaces.has(surface)) return;
      await this.closeSurface(surface);
    }
    // Listed before it opens: one that fails (a port in use) is still closed, which resets its state.
    this.openSurfaces.push(surface);
    const served = await surface.open(this.opened).catch((error: unknown) => {
      console.warn('indx: a surface of the engine failed to open', error);
      return false;
    });
    if (served) this.failedSurfaces.delete(surface);
    else this.failedSurfaces.add(surface);
  }

  private async closeSurface(surface: EngineSurface): Promise<void> {
    const index = this.openSurfaces.indexOf(surface);
    if (index === -1) return;
    this.openSurfaces.splice(index, 1);
    this.failedSurfaces.delete(surface);
    await surface.close().catch((error: unknown) => console.warn('indx: closing a surface of the engine failed', error));
  }

  private async closeNow(): Promise<void> {
    this.cancelRetry();
    for (const surface of this.openSurfaces.slice().reverse()) await this.closeSurface(surface);
    if (this.opened === null) {
      if (this.current.status !== 'closed') this.setState({ status: 'closed' });
      return;
    }
    const cleanup = this.cleanup;
    this.opened = null;
    this.cleanup = [];
    await runAll(cleanup).catch((error: unknown) => console.warn('indx: closing the engine failed', error));
    this.setState({ status: 'closed' });
  }

  private setState(state: EngineState): void {
    this.current = state;
    this.options.onChange(state);
  }
}

/** Who holds the write lock, from the owner record beside it. */
function describeHolder(owner: unknown): string {
  if (typeof owner !== 'object' || owner === null) return 'an unknown process';
  const { pid, hostname, command } = owner as { pid?: unknown; hostname?: unknown; command?: unknown };
  const what = typeof command === 'string' && command !== '' ? `: ${command}` : '';
  return `process ${String(pid)} on ${String(hostname)}${what}`;
}

function describeFailure(error: unknown): string {
  if (isIndxError(error)) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `indx could not open this vault: ${detail}`;
}
