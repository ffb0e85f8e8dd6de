import type { VectorSearchStats } from '../vectors/managed-vector-search';
import type { VaultHost } from '../../vault/vault-host';
import type { VectorSearch } from '../chunk';
import { splitNote } from '../chunking/chunk-note';
import { DEFAULT_SCHEDULER, type Scheduler } from './scheduler';
import { Slicer } from './slicer';

/**
 * A vector store as the search service drives it: the `VectorSearch` contract, plus optional
 * persistence the service calls (`load` once at start, `save` after each burst of embedding and
 * on stop) and the parts the feeder uses when present. The embeddings layer's
 * `ManagedVectorSearch` has them all.
 */
export interface PersistentVectorSearch extends VectorSearch {
  load?(): Promise<void>;
  save?(): Promise<void>;
  /** Current figures (model, dimensions, counts), when the store keeps them. */
  stats?(): VectorSearchStats;
  /** Milliseconds until a paused provider is asked again (0: now), or null when none is configured. */
  retryInMs?(): number | null;
  /** True when `path` is recorded with exactly these chunk hashes (indexing it again would change nothing). */
  isCurrent?(path: string, hashes: readonly string[]): boolean;
  /** Forgets the vectors of every note not in `paths`. */
  retainPaths?(paths: ReadonlySet<string>): void;
  /** Cancels the indexing requests in flight and waiting. */
  abortIndexing?(): void;
}

/** Options of {@link VectorFeeder}; all optional. */
export interface VectorFeederOptions {
  /**
   * Called between notes; yields to the host once the current slice is used up. The search
   * service passes its slicer's `pause`, so indexing and embedding share one slice budget.
   * Default: a slicer of the feeder's own, 10 ms slices.
   */
  pause?: () => Promise<void>;
  /** Timers (to offer notes again after a provider pause) and turn-taking; default the shared scheduler. */
  scheduler?: Scheduler;
  /**
   * Whether a note's text may go to the embeddings provider (default: every note). Asked just
   * before each note is read; a note it refuses is never read and loses the vectors it had.
   */
  mayEmbed?: (path: string) => boolean;
}

/** Slice length of the feeder's own slicer, when no pause is given. */
const DEFAULT_SLICE_MS = 10;

/**
 * Hands notes to the vector store one at a time, in the background: each queued path is read,
 * chunked and passed to `indexChunks` (which embeds only chunks whose hashes it lacks). A path
 * offered with its chunk hashes is skipped without reading when the store already records
 * exactly those. The work is paced by `pause`, so a vault whose reads resolve from memory
 * never holds the thread for long. While the provider is paused (down, or refusing every
 * request) paths are parked, not dropped, and offered again when the pause ends. Other
 * failures are reported and skipped; the lexical index never waits for embeddings. The store
 * is saved whenever the queue runs dry. Notes `mayEmbed` refuses are never read, and forgotten.
 */
export class VectorFeeder {
  private readonly queue = new Map<string, readonly string[] | undefined>();
  private readonly parked = new Map<string, readonly string[] | undefined>();
  private running: Promise<void> | null = null;
  private stopped = false;
  private cancelTimer: (() => void) | null = null;
  private readonly pause: () => Promise<void>;
  private readonly scheduler: Scheduler;
  private readonly mayEmbed: (path: string) => boolean;

  constructor(
    private readonly vectors: PersistentVectorSearch,
    private readonly host: VaultHost,
    private readonly onProblem: (message: string) => void,
    options: VectorFeederOptions = {},
  ) {
    this.scheduler = options.scheduler ?? DEFAULT_SCHEDULER;
    this.pause = options.pause ?? new Slicer(this.scheduler, DEFAULT_SLICE_MS).pause;
    this.mayEmbed = options.mayEmbed ?? (() => true);
  }

  /**
   * Queues `path` for (re)embedding. `hashes`, when given, are the note's chunk hashes as the
   * lexical index holds them: a note the store records with exactly those is skipped unread.
   */
  add(path: string, hashes?: readonly string[]): void {
    if (this.stopped || this.waitMs() === null) return;
    this.parked.delete(path);
    this.queue.set(path, hashes);
    this.startDrain();
  }

  /** Forgets `path`'s vectors now and drops it from the queue. */
  remove(path: string): void {
    this.queue.delete(path);
    this.parked.delete(path);
    this.vectors.removePath(path);
  }

  /**
   * Drops every queued or stored note not in `paths` (the notes the vault has): call it at start,
   * once the vault is listed, so notes deleted while nobody watched leave semantic results.
   */
  retain(paths: ReadonlySet<string>): void {
    for (const path of [...this.queue.keys()]) if (!paths.has(path)) this.queue.delete(path);
    for (const path of [...this.parked.keys()]) if (!paths.has(path)) this.parked.delete(path);
    this.vectors.retainPaths?.(paths);
  }

  /** Resolves once the queue is empty (parked notes wait for the provider and are not waited for). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** Stops feeding: cancels the requests in flight, forgets the queue, then saves the store. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.clear();
    this.parked.clear();
    this.cancelTimer?.();
    this.vectors.abortIndexing?.();
    await this.idle();
    await this.save();
  }

  private startDrain(): void {
    if (this.running !== null || this.stopped || this.queue.size === 0) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      // Notes added after the drain last looked at the queue (while the store saved, or in the
      // microtasks since) found it running and started nothing: they start the next round.
      this.startDrain();
    });
  }

  private async drain(): Promise<void> {
    for (let next = this.next(); next !== undefined && !this.stopped; next = this.next()) {
      await this.feed(...next);
      await this.pause();
    }
    await this.save();
  }

  private async feed(path: string, hashes: readonly string[] | undefined): Promise<void> {
    const wait = this.waitMs();
    if (wait === null) return;
    if (wait > 0) return this.park(path, hashes);
    if (!this.mayEmbed(path)) return this.vectors.removePath(path);
    if (hashes !== undefined && this.vectors.isCurrent?.(path, hashes) === true) return;
    try {
      const text = await this.host.read(path);
      // Denied while it was being read: its text goes nowhere.
      if (!this.mayEmbed(path)) return this.vectors.removePath(path);
      await this.vectors.indexChunks(path, splitNote(path, text, this.host.getMetadata(path)).chunks);
    } catch (error: unknown) {
      if (this.stopped) return;
      // The provider paused during this note (down, or refusing every request): try it again later.
      if ((this.waitMs() ?? 0) > 0) this.park(path, hashes);
      this.onProblem(`embedding ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // Milliseconds until the store takes work (0: now), or null when it never will (no provider).
  private waitMs(): number | null {
    if (this.vectors.retryInMs !== undefined) return this.vectors.retryInMs();
    return this.vectors.available() ? 0 : null;
  }

  private park(path: string, hashes: readonly string[] | undefined): void {
    this.parked.set(path, hashes);
    if (this.cancelTimer === null) this.armTimer(this.waitMs() ?? 0);
  }

  // One timer at a time; when it fires, the parked notes go back in the queue if the provider is back.
  private armTimer(delayMs: number): void {
    this.cancelTimer = this.scheduler.setTimer(() => {
      this.cancelTimer = null;
      this.resume();
    }, Math.max(1, delayMs));
  }

  private resume(): void {
    if (this.stopped || this.parked.size === 0) return;
    const wait = this.waitMs();
    if (wait === null) this.parked.clear();
    else if (wait > 0) this.armTimer(wait);
    else for (const [path, hashes] of [...this.parked]) this.add(path, hashes);
  }

  private async save(): Promise<void> {
    await this.vectors.save?.().catch((error: unknown) => this.onProblem(`saving vectors failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private next(): [string, readonly string[] | undefined] | undefined {
    const entry = this.queue.entries().next();
    if (entry.done === true) return undefined;
    this.queue.delete(entry.value[0]);
    return entry.value;
  }
}
