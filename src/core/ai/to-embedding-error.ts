import { IndxError, isIndxError } from '../errors';
import { displayAddress, isApiCallError, type ApiCallError } from './openai-compatible';

/**
 * Translates a failure of one embeddings request into an `IndxError`, keeping the original as
 * `cause`: `embeddings_unavailable` when the provider could not be reached or failed in a way
 * worth retrying (network, timeout, 408, 409, 429, 5xx; `details.retryable` is true), else
 * `embeddings_failed` (the provider refused the request or answered something unusable).
 */
export function toEmbeddingError(error: unknown, baseUrl: string): IndxError {
  if (isIndxError(error)) return error;
  if (isApiCallError(error)) return fromApiCall(error, baseUrl);
  if (isTimeout(error)) {
    return new IndxError('embeddings_unavailable', `The embeddings provider at ${displayAddress(baseUrl)} did not answer in time. Check that it is running, or try again later.`, { retryable: true }, { cause: error });
  }
  return new IndxError('embeddings_failed', `The embeddings provider at ${displayAddress(baseUrl)} gave an answer indx cannot use. Check base_url and model.`, { retryable: false }, { cause: error });
}

function fromApiCall(failure: ApiCallError, baseUrl: string): IndxError {
  const status = failure.statusCode;
  const details = { status: status ?? null, retryable: failure.isRetryable, retry_after_ms: retryAfterMs(failure.responseHeaders) };
  if (status === undefined) {
    return new IndxError('embeddings_unavailable', `The embeddings provider at ${displayAddress(baseUrl)} cannot be reached. Check that it is running and base_url is right.`, details, { cause: failure });
  }
  if (failure.isRetryable) {
    return new IndxError('embeddings_unavailable', `The embeddings provider at ${displayAddress(baseUrl)} answered HTTP ${status}. Try again later.`, details, { cause: failure });
  }
  return new IndxError('embeddings_failed', `The embeddings provider at ${displayAddress(baseUrl)} refused the request (HTTP ${status}). Check api_key, model and base_url.`, details, { cause: failure });
}

// Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3); OpenAI also sends retry-after-ms.
function retryAfterMs(headers: Record<string, string> | undefined): number | null {
  const milliseconds = Number.parseFloat(headers?.['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds)) return milliseconds;
  const seconds = Number.parseFloat(headers?.['retry-after'] ?? '');
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

// By name, not instanceof: the error may come from another realm (a DOMException, jest's sandbox).
function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}
