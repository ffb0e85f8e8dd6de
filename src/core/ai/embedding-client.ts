import { IndxError } from '../errors';
import { createEmbedder } from './create-embedder';
import { displayAddress, type FetchFunction } from './openai-compatible';
import type { EmbeddingProviderConfig } from './embedding-provider-config';
import { retryWithBackoff, type Sleep } from './retry-with-backoff';

/** Turns texts into embedding vectors through the configured provider. */
export interface EmbeddingClient {
  /** Texts sent per request. */
  readonly batchSize: number;
  /**
   * One vector per text, in order, for indexing: requests of at most `batchSize` texts, each
   * retried. Aborting `signal` cancels the request or wait in progress and rejects with its reason.
   */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /**
   * The vector of a search query: one request with a short timeout and no retry, so a search
   * waiting on a slow or failing provider falls back to lexical within seconds.
   */
  embedQuery(text: string): Promise<Float32Array>;
}

/** What `createEmbeddingClient` needs; only `config` is required. */
export interface EmbeddingClientOptions {
  config: EmbeddingProviderConfig;
  /** The HTTP client (default: the global `fetch`). */
  fetch?: FetchFunction;
  /** Waits between retries (default: an `AbortSignal.timeout`, which in Node does not keep the process alive). */
  sleep?: Sleep;
  /** Longest wait for one indexing request (default 60 s). */
  requestTimeoutMs?: number;
  /** Longest wait for a query's embedding (default 10 s). */
  queryTimeoutMs?: number;
}

/** An indexing request may take this long before it counts as unanswered (and is retried). */
const REQUEST_TIMEOUT_MS = 60_000;

/** A search waits this long for its query's vector before falling back to lexical. */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * Creates the embeddings client: batches, retries indexing requests with exponential backoff
 * (queries get one short try), and checks every answer (one finite vector per text, all of
 * one size) before handing it on. Failures throw `embeddings_unavailable` or `embeddings_failed`
 * with the provider's error as `cause`.
 */
export function createEmbeddingClient(options: EmbeddingClientOptions): EmbeddingClient {
  const { config } = options;
  const embedBatch = createEmbedder(config, options.fetch);
  const sleep = options.sleep ?? realSleep;
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const embedChecked = async (texts: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    const vectors = await retryWithBackoff(() => embedBatch(texts, { timeoutMs, signal }), { maxRetries: config.max_retries, sleep, signal });
    return toCheckedVectors(vectors, texts.length, config.base_url);
  };
  const embedQuery = async (text: string): Promise<Float32Array> => {
    const vectors = await embedBatch([text], { timeoutMs: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS });
    return toCheckedVectors(vectors, 1, config.base_url)[0]!;
  };
  return { batchSize: config.batch_size, embed: (texts, signal) => embedInBatches(texts, config.batch_size, (batch) => embedChecked(batch, signal)), embedQuery };
}

async function embedInBatches(texts: readonly string[], batchSize: number, embedBatch: (texts: string[]) => Promise<Float32Array[]>): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = await embedBatch(texts.slice(start, start + batchSize));
    vectors.push(...batch);
  }
  return vectors;
}

function toCheckedVectors(vectors: number[][], expected: number, baseUrl: string): Float32Array[] {
  const size = vectors[0]?.length ?? 0;
  const usable = vectors.length === expected && size > 0 && vectors.every((vector) => vector.length === size && vector.every(Number.isFinite));
  if (!usable) {
    throw new IndxError('embeddings_failed', `The embeddings provider at ${displayAddress(baseUrl)} answered ${vectors.length} vectors for ${expected} texts, or vectors of mixed or empty size. Check that the model is an embedding model.`, { expected, received: vectors.length, retryable: false });
  }
  return vectors.map((vector) => Float32Array.from(vector));
}

// The core has no timer of its own (no window headless, no node:timers in the app): an abort
// signal's timeout is the one timer both hosts provide. In Node it does not keep the process
// alive, so a one-shot command should inject a sleep built on node:timers.
function realSleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => AbortSignal.timeout(milliseconds).addEventListener('abort', () => resolve(), { once: true }));
}
