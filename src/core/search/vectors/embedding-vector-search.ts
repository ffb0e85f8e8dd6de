import type { EmbeddingClient } from '../../ai/embedding-client';
import { IndxError } from '../../errors';
import type { Storage } from '../../vault/storage';
import type { Chunk } from '../chunk';
import { embedIsolatingRefusals } from './embed-isolating-refusals';
import { EmbeddingQueue, type QueuedText, type RefusedTexts } from './embedding-queue';
import type { ManagedVectorSearch, VectorSearchStats } from './managed-vector-search';
import { ProviderHealth } from './provider-health';
import type { VectorEncoding } from './vector-encoding';
import type { EmbeddingIdentity } from './vector-manifest';
import { VectorPersistence } from './vector-persistence';
import { VectorStore, type VectorHit } from './vector-store';

/** The parts `EmbeddingVectorSearch` is assembled from (see `createVectorSearch`). */
export interface EmbeddingVectorSearchParts {
  storage: Storage;
  /** Null when no provider is configured. */
  client: EmbeddingClient | null;
  identity: EmbeddingIdentity | null;
  clock: () => number;
  encoding: VectorEncoding;
  maxParallel: number;
  onInvalidated: () => void;
}

const QUERY_CACHE_SIZE = 32;

/** Characters of a query sent to the provider: a search query, not a document (similar:// sends a note's opening). */
const MAX_QUERY_CHARS = 2000;

/** Refused chunk hashes remembered, oldest forgotten first (a refused chunk that changed gets a new hash). */
const MAX_REFUSED = 4096;

/**
 * The vector store behind `createVectorSearch`: embeds missing chunks through a shared queue,
 * keeps one vector per content hash, answers queries by brute-force cosine, and saves itself
 * as shards. Each `indexChunks` call for a path supersedes earlier unfinished ones, so a burst
 * of edits ends with the last version recorded. A chunk the provider refuses (too long for the
 * model) is found by halving its batch, left out, and remembered (saved with the vectors), so
 * it is not sent again until it changes; its neighbours are embedded as usual.
 */
export class EmbeddingVectorSearch implements ManagedVectorSearch {
  private store: VectorStore | null = null;
  private epoch = 0;
  private discardedShards = 0;
  private readonly tickets = new Map<string, number>();
  private lastTicket = 0;
  private readonly queryVectors = new Map<string, Float32Array>();
  private refused = new Set<string>();
  private indexing = new AbortController();
  private readonly persistence: VectorPersistence;
  private readonly health: ProviderHealth;
  private readonly queue: EmbeddingQueue | null;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly parts: EmbeddingVectorSearchParts) {
    this.persistence = new VectorPersistence(parts.storage);
    this.health = new ProviderHealth(parts.clock);
    const client = parts.client;
    this.queue = client === null ? null : new EmbeddingQueue((batch) => this.embedBatch(client, batch), client.batchSize, parts.maxParallel);
  }

  available(): boolean {
    return this.parts.client !== null && this.health.healthy();
  }

  retryInMs(): number | null {
    return this.parts.client === null ? null : this.health.retryInMs();
  }

  async indexChunks(path: string, chunks: readonly Chunk[]): Promise<void> {
    const queue = this.queue;
    if (queue === null) return;
    const ticket = this.nextTicket(path);
    const missing = uniqueByHash(chunks.filter((chunk) => this.store?.has(chunk.hash) !== true && !this.refused.has(chunk.hash)));
    try {
      if (missing.length > 0 && !this.health.healthy()) throw this.health.unavailableError();
      const outcomes = await Promise.allSettled(missing.map((chunk) => queue.embed(chunk.hash, chunk.text)));
      this.throwFailures(path, missing, outcomes);
    } finally {
      if (this.tickets.get(path) === ticket) {
        this.tickets.delete(path);
        this.store?.setPath(path, chunks.map((chunk) => chunk.hash));
      }
    }
  }

  isCurrent(path: string, hashes: readonly string[]): boolean {
    if (this.tickets.has(path)) return false;
    const recorded = this.store?.hashesOf(path) ?? [];
    const wanted = new Set(hashes.filter((hash) => !this.refused.has(hash)));
    return wanted.size === recorded.length && recorded.every((hash) => wanted.has(hash));
  }

  removePath(path: string): void {
    this.tickets.delete(path);
    this.store?.removePath(path);
  }

  retainPaths(paths: ReadonlySet<string>): void {
    for (const path of [...this.tickets.keys()]) if (!paths.has(path)) this.tickets.delete(path);
    this.store?.retainPaths(paths);
  }

  abortIndexing(): void {
    const reason = new IndxError('embeddings_unavailable', 'Embedding was cancelled because indexing stopped; the chunks left are embedded at the next start.', { retryable: false, cancelled: true });
    this.indexing.abort(reason);
    this.queue?.cancelWaiting(reason);
    this.indexing = new AbortController();
  }

  async query(query: string, limit: number, filter?: (path: string) => boolean): Promise<VectorHit[]> {
    if (this.parts.client === null) {
      throw new IndxError('embeddings_unavailable', 'No embeddings provider is configured, so semantic search is off. Configure one or use lexical search.', {});
    }
    if (!this.health.healthy()) throw this.health.unavailableError();
    const vector = await this.queryVector(this.parts.client, toQueryText(query));
    if (this.store !== null && this.store.dimensions !== vector.length) this.reset();
    return this.store?.search(vector, limit, filter) ?? [];
  }

  async load(): Promise<void> {
    if (this.parts.identity === null) return;
    const loaded = await this.persistence.load(this.parts.identity, this.parts.encoding);
    this.store = loaded.store;
    this.refused = new Set(loaded.refused);
    this.discardedShards = loaded.discardedShards;
    if (loaded.discardedShards > 0 || loaded.discardedAll !== null) this.parts.onInvalidated();
  }

  save(): Promise<void> {
    const identity = this.parts.identity;
    if (identity === null) return Promise.resolve();
    // One save at a time: each writes the blocks changed since the one before.
    this.saving = this.saving.catch(() => undefined).then(() => this.persistence.save(this.store, identity, this.parts.encoding, [...this.refused]));
    return this.saving;
  }

  stats(): VectorSearchStats {
    const store = this.store;
    return {
      configured: this.parts.client !== null,
      available: this.available(),
      model: this.parts.identity?.model ?? null,
      dimensions: store?.dimensions ?? 0,
      encoding: this.parts.encoding,
      vectors: store?.vectorCount ?? 0,
      paths: store?.pathCount ?? 0,
      orphans: store?.orphanCount ?? 0,
      vector_bytes: store?.blocks.byteLength ?? 0,
      discarded_shards: this.discardedShards,
      refused_chunks: this.refused.size,
      last_error: this.health.lastFailure(),
    };
  }

  private async embedBatch(client: EmbeddingClient, batch: QueuedText[]): Promise<RefusedTexts> {
    const epoch = this.epoch;
    const signal = this.indexing.signal;
    const refused = await embedIsolatingRefusals(batch, {
      embed: (texts) => this.recorded(client.embed(texts, signal)),
      keep: (items, vectors) => this.keep(items, vectors, epoch),
      refusesEverything: (error) => this.health.pause(error as IndxError),
    });
    for (const hash of refused.keys()) this.rememberRefused(hash);
    return refused;
  }

  private keep(items: readonly QueuedText[], vectors: readonly Float32Array[], epoch: number): void {
    const dimensions = vectors[0]!.length;
    if (this.store !== null && this.store.dimensions !== dimensions) {
      if (epoch !== this.epoch) return; // an answer from before the last reset: drop it
      this.reset();
    }
    const store = (this.store ??= new VectorStore(dimensions, this.parts.encoding));
    items.forEach((item, index) => store.add(item.hash, vectors[index]!));
  }

  private rememberRefused(hash: string): void {
    if (this.refused.size >= MAX_REFUSED) this.refused.delete(this.refused.values().next().value!);
    this.refused.add(hash);
  }

  // Refused chunks are reported once, by path; any other failure (provider down) as it came.
  private throwFailures(path: string, chunks: readonly Chunk[], outcomes: readonly PromiseSettledResult<void>[]): void {
    const failed = outcomes.flatMap((outcome, index) => (outcome.status === 'rejected' ? [{ chunk: chunks[index]!, reason: outcome.reason as unknown }] : []));
    if (failed.length === 0) return;
    const other = failed.find(({ chunk }) => !this.refused.has(chunk.hash));
    if (other !== undefined) throw other.reason;
    const headings = failed.map(({ chunk }) => chunk.heading ?? '(top of the note)');
    const reason = failed[0]!.reason;
    const status = reason instanceof IndxError && typeof reason.details.status === 'number' ? reason.details.status : null;
    const answered = status === null ? 'no usable vector' : `HTTP ${status}`;
    throw new IndxError('embeddings_failed', `The embeddings provider refused ${failed.length} section(s) of ${path} (${headings.join(', ')}; ${answered}), perhaps as too long for the model. They are left out of semantic search until they change; the rest of the note is searchable.`, { path, refused: failed.length, headings, status }, { cause: reason });
  }

  private async queryVector(client: EmbeddingClient, query: string): Promise<Float32Array> {
    const cached = this.queryVectors.get(query);
    if (cached !== undefined) return cached;
    const [vector] = await this.recorded(client.embedQuery(query).then((one) => [one]));
    if (this.queryVectors.size >= QUERY_CACHE_SIZE) this.queryVectors.delete(this.queryVectors.keys().next().value!);
    this.queryVectors.set(query, vector!);
    return vector!;
  }

  private async recorded(request: Promise<Float32Array[]>): Promise<Float32Array[]> {
    try {
      const vectors = await request;
      this.health.record(null);
      return vectors;
    } catch (error: unknown) {
      this.health.record(error);
      throw error;
    }
  }

  // The provider now answers in another dimension (the model behind it changed): start over.
  private reset(): void {
    this.store = null;
    this.refused.clear();
    this.epoch += 1;
    this.queryVectors.clear();
    this.parts.onInvalidated();
  }

  // Tickets are unique across paths, so a finished call can tell whether a later one superseded it.
  private nextTicket(path: string): number {
    this.lastTicket += 1;
    this.tickets.set(path, this.lastTicket);
    return this.lastTicket;
  }
}

// At most MAX_QUERY_CHARS, never splitting a surrogate pair.
function toQueryText(query: string): string {
  if (query.length <= MAX_QUERY_CHARS) return query;
  const end = /[\uD800-\uDBFF]/.test(query[MAX_QUERY_CHARS - 1]!) ? MAX_QUERY_CHARS - 1 : MAX_QUERY_CHARS;
  return query.slice(0, end);
}

function uniqueByHash(chunks: readonly Chunk[]): Chunk[] {
  const seen = new Map<string, Chunk>();
  for (const chunk of chunks) if (!seen.has(chunk.hash)) seen.set(chunk.hash, chunk);
  return [...seen.values()];
}
