import type { EmbeddingProviderConfig } from './embedding-provider-config';
import { toEmbeddingError } from './to-embedding-error';
import { startDeadline } from './deadline';
import { createEmbeddings, type FetchFunction, type OpenAiEndpoint } from './openai-compatible';

/** How long one request may take, and the caller's signal to cancel it. */
export interface EmbedRequest {
  /** Past this the request counts as unanswered (`embeddings_unavailable`, retryable). */
  timeoutMs: number;
  /** Aborting it cancels the request; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Embeds one batch of texts in one request: one vector per text, in order. */
export type EmbedBatch = (texts: string[], request: EmbedRequest) => Promise<number[][]>;

/**
 * Builds the one-request embedder: POST `/embeddings` of the OpenAI-compatible API, without
 * retries (the caller retries with an injectable sleep). Failures become
 * `embeddings_unavailable` / `embeddings_failed`; a request cancelled through `request.signal`
 * rejects with the signal's reason instead.
 */
export function createEmbedder(config: EmbeddingProviderConfig, fetch?: FetchFunction): EmbedBatch {
  const endpoint: OpenAiEndpoint = { base_url: config.base_url, ...(config.api_key === undefined ? {} : { api_key: config.api_key }), ...(fetch === undefined ? {} : { fetch }) };
  const body = { model: config.model, ...(config.dimensions === undefined ? {} : { dimensions: config.dimensions }) };
  return async (texts, request) => {
    request.signal?.throwIfAborted();
    const abort = startDeadline(request.timeoutMs, request.signal);
    try {
      return await createEmbeddings(endpoint, { ...body, input: texts }, abort.signal);
    } catch (error: unknown) {
      request.signal?.throwIfAborted();
      throw toEmbeddingError(error, config.base_url);
    } finally {
      abort.release();
    }
  };
}
