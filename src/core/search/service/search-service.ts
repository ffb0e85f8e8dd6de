import type { VectorSearchStats } from '../vectors/managed-vector-search';
import type { Storage } from '../../vault/storage';
import type { FileStat, Unsubscribe, VaultEvent, VaultHost } from '../../vault/vault-host';
import { splitNoteSteps } from '../chunking/chunk-note';
import { compactIndex, needsCompaction } from '../index/compact-index';
import { LexicalIndex } from '../index/lexical-index';
import { toNoteInput } from '../index/note-input';
import { loadIndex, removeSavedIndex, saveIndex, sizeOnDisk } from '../persist/index-store';
import type { Checksum } from '../persist/shard-codec';
import { DEFAULT_BM25, type Bm25Parameters } from '../query/bm25-parameters';
import { ScoringScratch } from '../query/scoring-scratch';
import { ChangeQueue, type ChangeKind } from './change-queue';
import { runSearch } from './run-search';
import { DEFAULT_SCHEDULER, type Scheduler } from './scheduler';
import type { IndexState, SearchRequest, SearchResponse, SearchStatus } from './search-types';
import { SaveTimer } from './save-timer';
import { Slicer } from './slicer';
import { isNotePath, queueDifferences, queueVaultEvent } from './vault-changes';
import { VectorFeeder, type PersistentVectorSearch } from './vector-feeder';
import { runStepsPaced } from '../../steps';

/** Options of {@link SearchService}. */
export interface SearchServiceOptions {
  host: VaultHost;
  storage: Storage;
  /** Checksums shards (the engine passes its xxhash64 ETag function). */
  checksum: Checksum;
  /** Embeddings for semantic and hybrid search (loaded at start, saved after embedding); lexical only without. */
  vectors?: PersistentVectorSearch | null;
  scheduler?: Scheduler;
  clock?: () => number;
  /** Longest synchronous slice of indexing work before yielding (default 10 ms). */
  sliceMs?: number;
  /** Quiet time after the last change before the index is saved (default 2 s). */
  saveDelayMs?: number;
  /** Longest a change waits to be saved while changes keep coming (default 30 s). */
  maxSaveDelayMs?: number;
  /** Answer searches only once the initial build is done (one-shot commands); default false. */
  waitForIndex?: boolean;
  parameters?: Bm25Parameters;
  /**
   * Whether a note's text may go to the embeddings provider (default: every note); the engine
   * refuses the notes the AI deny globs cover. Call {@link SearchService.recheckVectors} when its
   * answers change.
   */
  mayEmbed?: (path: string) => boolean;
}

/** A note's text and the stat taken just before reading it. */
interface ReadNote {
  text: string;
  stat: FileStat;
}

/**
 * Default slice length: well under the 50 ms a UI frame budget allows, leaving room for the
 * one note that straddles the end of a slice and for a garbage collection landing in it.
 */
const DEFAULT_SLICE_MS = 10;

/** The hash the index gives the placeholder chunk of a note without chunks. */
const EMPTY_CHUNK_HASH = '0000000000000000';

/** Notes read from the host at once while indexing. */
const READ_BATCH = 32;

/**
 * The vault's search index with its lifecycle. `start()` (idempotent; searches call it) loads
 * the saved index, reconciles it with the host's files by mtime and size, subscribes to vault
 * events, and indexes what is missing or changed in the background, in slices of at most
 * `sliceMs` and batches of reads; searches meanwhile answer from what is indexed, with an
 * `index_building` warning. Changes are applied as events arrive (an external edit is
 * searchable within milliseconds of the host reporting it). Saves are debounced; compaction
 * runs when tombstones pile up. All index mutation, compaction and saving run in one pump, so
 * they never interleave; a failure is recorded in `status()`, never thrown at the host.
 */
export class SearchService {
  private index = new LexicalIndex();
  private state: IndexState = 'idle';
  private starting: Promise<void> | null = null;
  /** Vault events that arrived while opening (loading, reconciling), applied once that is done; null after. */
  private early: VaultEvent[] | null = [];
  private pumping: Promise<void> | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private readonly queue = new ChangeQueue();
  private readonly slicer: Slicer;
  private readonly scheduler: Scheduler;
  private readonly scratch = new ScoringScratch();
  private readonly feeder: VectorFeeder | null;
  private readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;
  private readonly saveTimer: SaveTimer;
  private dirty = false;
  private saveDue = false;
  private stopped = false;
  private generation = 0;
  private savedBytes = 0;
  private lastProblem: string | null = null;
  private rechecking: Promise<void> = Promise.resolve();

  constructor(private readonly options: SearchServiceOptions) {
    this.scheduler = options.scheduler ?? DEFAULT_SCHEDULER;
    this.slicer = new Slicer(this.scheduler, options.sliceMs ?? DEFAULT_SLICE_MS);
    this.feeder = options.vectors === undefined || options.vectors === null ? null : new VectorFeeder(options.vectors, options.host, (message) => (this.lastProblem = message), { pause: this.slicer.pause, scheduler: this.scheduler, ...(options.mayEmbed === undefined ? {} : { mayEmbed: options.mayEmbed }) });
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.saveTimer = new SaveTimer(this.scheduler, options.saveDelayMs ?? 2000, options.maxSaveDelayMs ?? 30_000, () => {
      this.saveDue = true;
      this.kick();
    });
  }

  /** Loads, reconciles and starts background indexing; resolves once searches can run (before the build ends). */
  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  /** Resolves once the initial build is complete (starting the service if needed). */
  async whenReady(): Promise<void> {
    await this.start();
    await this.ready;
  }

  /** Resolves once every queued change is applied and any due save or compaction is done. */
  async settled(): Promise<void> {
    while (this.pumping !== null) await this.pumping;
  }

  /**
   * Resolves once the changes queued so far are indexed and the vector store has been offered
   * every note waiting for it (notes parked while the provider pauses are not waited for).
   */
  async embeddingsSettled(): Promise<void> {
    await this.settled();
    await this.rechecking;
    await this.feeder?.idle();
  }

  /** Runs a search (starting the service if needed). */
  async search(request: SearchRequest): Promise<SearchResponse> {
    await this.start();
    if (this.options.waitForIndex === true) await this.ready;
    const building = this.state === 'ready' ? null : { state: this.state, indexed: this.queue.done, total: this.queue.total };
    const context = { index: this.index, host: this.options.host, vectors: this.options.vectors ?? null, parameters: this.options.parameters ?? DEFAULT_BM25, scratch: this.scratch, building };
    return runSearch(context, request);
  }

  /** Whether semantic search is set up (an embeddings provider is configured). */
  hasVectors(): boolean {
    return this.options.vectors !== undefined && this.options.vectors !== null;
  }

  /** Figures of the embeddings store (model, dimensions, counts), or null without one. */
  vectorStats(): VectorSearchStats | null {
    return this.options.vectors?.stats?.() ?? null;
  }

  /** The index's state, counts and size on disk. */
  status(): SearchStatus {
    return {
      state: this.state,
      notes: this.index.liveNotes,
      chunks: this.index.liveChunks,
      terms: this.index.terms.size,
      indexed: this.queue.done,
      total: this.queue.total,
      size_on_disk: this.savedBytes,
      last_problem: this.lastProblem,
      longest_slice_ms: this.slicer.longestSliceMs,
    };
  }

  /** Saves now when anything changed since the last save (after pending changes are applied). */
  async flush(): Promise<void> {
    if (this.starting === null) return;
    await this.starting;
    this.saveDue = true;
    this.kick();
    await this.settled();
  }

  /** Stops following the vault, finishes the slice in progress and saves unsaved changes. */
  async stop(): Promise<void> {
    if (this.starting === null || this.stopped) return;
    await this.starting;
    this.stopped = true;
    this.unsubscribe?.();
    this.saveTimer.reset();
    await this.settled();
    await this.save();
    await this.feeder?.stop();
  }

  /**
   * Offers every indexed note to the vector store again (it embeds only chunks it lacks): call it
   * when the store threw its vectors away (another model or dimension, corrupt shards).
   */
  refreshVectors(): void {
    for (const path of this.index.notes.byPath.keys()) this.feeder?.add(path);
  }

  /**
   * Asks `mayEmbed` afresh about every indexed note: one it now refuses leaves semantic results at
   * once; the others are offered to the vector store again with their chunk hashes, so those it
   * now allows are embedded and the rest are skipped unread. Paced like indexing. Call it when
   * `mayEmbed`'s answers change; a second call while one runs starts once the first is done.
   */
  recheckVectors(): Promise<void> {
    this.rechecking = this.rechecking.then(() => this.recheckEach()).catch((error: unknown) => void (this.lastProblem = `Checking which notes may be embedded failed: ${error instanceof Error ? error.message : String(error)}`));
    return this.rechecking;
  }

  private async recheckEach(): Promise<void> {
    const feeder = this.feeder;
    const mayEmbed = this.options.mayEmbed;
    if (feeder === null) return;
    for (const path of [...this.index.notes.byPath.keys()]) {
      if (this.stopped) return;
      if (mayEmbed !== undefined && !mayEmbed(path)) feeder.remove(path);
      else feeder.add(path, this.indexedHashes(path));
      await this.slicer.pause();
    }
  }

  private async open(): Promise<void> {
    this.slicer.restart();
    this.state = 'building';
    this.unsubscribe = this.options.host.on((event) => this.onEvent(event));
    await this.slicer.io(() => this.options.vectors?.load?.() ?? Promise.resolve()).catch((error: unknown) => (this.lastProblem = `Loading vectors failed: ${error instanceof Error ? error.message : String(error)}`));
    const outcome = await loadIndex(this.options.storage, this.options.checksum, this.slicer);
    if (outcome.kind === 'loaded') {
      this.index = outcome.index;
      this.generation = outcome.manifest.generation;
      this.savedBytes = sizeOnDisk(outcome.manifest);
    } else if (outcome.kind === 'unusable') {
      this.lastProblem = `The saved search index was discarded (${outcome.problem}); it is being rebuilt.`;
      await this.slicer.io(() => removeSavedIndex(this.options.storage)).catch(() => undefined);
    }
    // Comparing with the vault needs all of it: a headless host may still be reading it (the saved
    // index loaded meanwhile).
    await this.options.host.whenOpen?.();
    // The vector store keeps its own copy: offer it the unchanged notes too (it skips known chunks);
    // changed ones are offered once indexed.
    const current = await queueDifferences(this.queue, this.options.host, this.index, this.slicer.pause);
    // Notes deleted while the vault was closed leave the vector store too.
    this.feeder?.retain(new Set(this.options.host.listFiles().filter((file) => isNotePath(file.path)).map((file) => file.path)));
    for (const path of current) this.feeder?.add(path, this.indexedHashes(path));
    for (const event of this.early ?? []) queueVaultEvent(this.queue, event, this.options.host, this.index);
    this.early = null;
    this.kick();
  }

  /** The chunk hashes the index holds for `path` (hex, as the chunker makes them); none for a note without chunks. */
  private indexedHashes(path: string): string[] | undefined {
    const noteId = this.index.noteIdOf(path);
    if (noteId === undefined) return undefined;
    const first = this.index.notes.firstChunks[noteId] ?? 0;
    const count = this.index.notes.chunkCounts[noteId] ?? 0;
    const hashes: string[] = [];
    for (let chunk = first; chunk < first + count; chunk += 1) {
      const hash = toHex8(this.index.chunks.hashHighs[chunk] ?? 0) + toHex8(this.index.chunks.hashLows[chunk] ?? 0);
      if (hash !== EMPTY_CHUNK_HASH) hashes.push(hash);
    }
    return hashes;
  }

  private onEvent(event: VaultEvent): void {
    if (this.stopped) return;
    // Until open() has put the loaded index in place, nothing may index (or save) the placeholder.
    if (this.early !== null) return void this.early.push(event);
    queueVaultEvent(this.queue, event, this.options.host, this.index);
    this.kick();
  }

  private kick(): void {
    if (this.pumping !== null || this.starting === null || this.early !== null) return;
    const pumping = this.pump().catch((error: unknown) => {
      this.lastProblem = `Search indexing stopped on an error: ${error instanceof Error ? error.message : String(error)}`;
    });
    this.pumping = pumping.finally(() => {
      this.pumping = null;
      if (!this.stopped && (this.queue.size > 0 || this.saveDue)) this.kick();
    });
  }

  /** The one place the index changes: applies queued changes, then compacts or saves when due. */
  private async pump(): Promise<void> {
    this.slicer.restart();
    while (!this.stopped) {
      if (this.queue.size > 0) await this.applyChanges();
      else if (this.state === 'building') this.becomeReady();
      else if (needsCompaction(this.index)) this.index = await compactIndex(this.index, this.slicer.pause);
      else if (this.saveDue) await this.save();
      else return;
    }
  }

  private becomeReady(): void {
    this.state = 'ready';
    this.index.releaseWordCache();
    this.markReady();
  }

  /**
   * Applies queued changes in batches, reading the next batch while indexing the current one,
   * so file reads (threads) overlap with indexing (this thread).
   */
  private async applyChanges(): Promise<void> {
    let batch = this.queue.take(READ_BATCH);
    let texts = this.read(batch);
    while (batch.length > 0) {
      const current = await this.slicer.io(() => texts);
      const next = this.stopped ? [] : this.queue.take(READ_BATCH);
      texts = this.read(next);
      for (let position = 0; position < batch.length; position += 1) {
        const [path, kind] = batch[position] ?? ['', 'remove'];
        await this.apply(path, kind, current[position] ?? null);
        this.queue.markDone();
        await this.slicer.pause();
      }
      batch = next;
    }
    this.dirty = true;
    this.saveTimer.changed();
  }

  /**
   * Starts reading the texts of a batch's upserts (null for removals and unreadable files), each
   * with the stat taken before its read: if the file changes during the read, the index records
   * the older stat with the older text, and the change's event (or the next start) re-indexes it.
   */
  private read(batch: readonly [string, ChangeKind][]): Promise<(ReadNote | null)[]> {
    return Promise.all(batch.map(([path, kind]) => (kind === 'upsert' ? this.readNote(path) : Promise.resolve(null))));
  }

  private async readNote(path: string): Promise<ReadNote | null> {
    const stat = this.options.host.stat(path);
    if (stat === null) return null;
    const text = await this.options.host.read(path).catch(() => null);
    return text === null ? null : { text, stat };
  }

  /** Applies one change; a long note is indexed chunk by chunk, pausing between chunks. */
  private async apply(path: string, kind: ChangeKind, note: ReadNote | null): Promise<void> {
    try {
      if (kind === 'remove' || note === null) {
        this.index.remove(path);
        this.feeder?.remove(path);
        return;
      }
      const { chunks, metadata } = await runStepsPaced(splitNoteSteps(path, note.text, this.options.host.getMetadata(path)), this.slicer.pause);
      await runStepsPaced(this.index.upsertInSteps(toNoteInput(path, chunks, metadata, note.stat)), this.slicer.pause);
      this.feeder?.add(path, chunks.map((chunk) => chunk.hash));
    } catch (error: unknown) {
      this.lastProblem = `Indexing ${path} failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private async save(): Promise<void> {
    this.saveDue = false;
    if (!this.dirty) return;
    this.dirty = false;
    this.saveTimer.reset();
    try {
      const manifest = await saveIndex(this.options.storage, this.index, this.generation + 1, this.options.checksum, this.slicer, this.options.clock ?? Date.now);
      this.generation = manifest.generation;
      this.savedBytes = sizeOnDisk(manifest);
    } catch (error: unknown) {
      this.dirty = true;
      this.lastProblem = `Saving the search index failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}

function toHex8(lane: number): string {
  return lane.toString(16).padStart(8, '0');
}
