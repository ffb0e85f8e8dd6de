import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingProviderConfig } from './embedding-provider-config';
import { IndxError } from '../errors';
import { toEmbeddingError } from './to-embedding-error';
import { startDeadline } from './deadline';
import { guardFetch } from './guard-fetch';

/**
 * The `fetch` the provider sends its requests with: hosts inject one (Obsidian's built on
 * `requestUrl`, which avoids CORS; Node's global `fetch` headless). Without one the SDK uses
 * the global `fetch`.
 */
export type FetchFunction = typeof fetch;

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
 * Builds the one-request embedder on the Vercel AI SDK: `embedMany` over
 * `@ai-sdk/openai-compatible`, with the SDK's own retries off (the caller retries with an
 * injectable sleep). Failures become `embeddings_unavailable` / `embeddings_failed`; a request
 * cancelled through `request.signal` rejects with the signal's reason instead.
 *
 * The `ai` package is loaded on the first call, not at import: it pulls in `@vercel/oidc`, whose
 * Node entry requires `fs`, `os` and `path` at load time, and the core must load without Node
 * built-ins (and the plugin should not pay for the SDK when no provider is configured).
 */
export function createAiSdkEmbedder(config: EmbeddingProviderConfig, fetch?: FetchFunction): EmbedBatch {
  const provider = createOpenAICompatible({ name: 'embeddings', baseURL: config.base_url, apiKey: config.api_key, fetch: fetch && guardFetch(fetch, (error) => unreachable(config.base_url, error)) });
  const model = provider.embeddingModel(config.model);
  const providerOptions = config.dimensions === undefined ? undefined : { openaiCompatible: { dimensions: config.dimensions } };
  return async (texts, request) => {
    const sdk = await import('ai');
    request.signal?.throwIfAborted();
    const abort = startDeadline(request.timeoutMs, request.signal);
    try {
      const result = await sdk.embedMany({ model, values: texts, maxRetries: 0, providerOptions, abortSignal: abort.signal });
      return result.embeddings;
    } catch (error: unknown) {
      request.signal?.throwIfAborted();
      throw toEmbeddingError(error, (value) => sdk.APICallError.isInstance(value), config.base_url);
    } finally {
      abort.release();
    }
  };
}

function unreachable(baseUrl: string, error: unknown): IndxError {
  return new IndxError('embeddings_unavailable', `The embeddings provider at ${baseUrl} cannot be reached. Check that it is running and base_url is right.`, { status: null, retryable: true }, { cause: error });
}
