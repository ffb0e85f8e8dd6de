import type { FetchFunction } from '../../ai/openai-compatible';
import { createEmbeddingClient } from '../../ai/embedding-client';
import { parseEmbeddingProviderConfig, type EmbeddingProviderConfigInput } from '../../ai/embedding-provider-config';
import type { Sleep } from '../../ai/retry-with-backoff';
import type { Storage } from '../../vault/storage';
import { EmbeddingVectorSearch } from './embedding-vector-search';
import type { ManagedVectorSearch } from './managed-vector-search';
import type { VectorEncoding } from './vector-encoding';

/** What `createVectorSearch` needs; only `storage` and `provider` are required. */
export interface VectorSearchOptions {
  /** The vault's state storage; vectors live under `search/vectors/`. */
  storage: Storage;
  /** The embeddings provider; null or undefined when none is configured (semantic search off). */
  provider: EmbeddingProviderConfigInput | null | undefined;
  /** HTTP client for the provider (Obsidian passes one built on `requestUrl`); default global `fetch`. */
  fetch?: FetchFunction;
  /** Milliseconds since the epoch; default `Date.now`. Times the cool-down after a provider failure. */
  clock?: () => number;
  /** Waits between retries; default a real timer. */
  sleep?: Sleep;
  /** Longest wait for one indexing request (default 60 s, retried). */
  requestTimeoutMs?: number;
  /** Longest wait for a query's vector before the search falls back to lexical (default 10 s, no retry). */
  queryTimeoutMs?: number;
  /** How vectors are kept in memory and on disk; default float32. */
  encoding?: VectorEncoding;
  /**
   * Called when stored vectors were thrown away (another model or dimension, corrupt shards):
   * the owner should call `indexChunks` again for every note (chunks still stored cost nothing).
   */
  onInvalidated?: () => void;
}

/** Parallel requests while indexing: enough to hide latency, gentle on a local model server. */
const MAX_PARALLEL_REQUESTS = 2;

/**
 * Creates the semantic half of search: chunk embeddings from an OpenAI-compatible provider,
 * cached by content hash in memory and on disk, searched by brute-force cosine. With no provider it reports itself unavailable and indexes nothing.
 */
export function createVectorSearch(options: VectorSearchOptions): ManagedVectorSearch {
  const config = options.provider == null ? null : parseEmbeddingProviderConfig(options.provider);
  const client = config === null ? null : createEmbeddingClient({ config, fetch: options.fetch, sleep: options.sleep, requestTimeoutMs: options.requestTimeoutMs, queryTimeoutMs: options.queryTimeoutMs });
  return new EmbeddingVectorSearch({
    storage: options.storage,
    client,
    identity: config === null ? null : { model: config.model, requested_dimensions: config.dimensions ?? null },
    clock: options.clock ?? Date.now,
    encoding: options.encoding ?? 'float32',
    maxParallel: MAX_PARALLEL_REQUESTS,
    onInvalidated: options.onInvalidated ?? (() => undefined),
  });
}
