import { isIndxError } from '../errors';

/** Waits `milliseconds`; injected so tests never wait for real. */
export type Sleep = (milliseconds: number) => Promise<void>;

/** How `retryWithBackoff` paces its attempts. */
export interface BackoffOptions {
  /** Retries after the first attempt (0 = try once). */
  maxRetries: number;
  sleep: Sleep;
  /** Delay before the first retry; each later retry doubles it. */
  initialDelayMs?: number;
  /** Longest single wait, also the cap on a server's Retry-After. */
  maxDelayMs?: number;
  /** Stops retrying when aborted: a wait in progress ends at once and the signal's reason is thrown. */
  signal?: AbortSignal;
}

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * Runs `attempt` until it succeeds, retrying failures marked retryable (an `IndxError` whose
 * details say `retryable: true`) with exponential backoff, or a server's `retry_after_ms` when
 * it asked for longer. The last error is rethrown with `details.attempts` set; once
 * `options.signal` is aborted, its reason is thrown instead, without waiting out the backoff.
 */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, options: BackoffOptions): Promise<T> {
  const initialDelay = options.initialDelayMs ?? INITIAL_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? MAX_DELAY_MS;
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error: unknown) {
      options.signal?.throwIfAborted();
      if (!isRetryable(error) || tries > options.maxRetries) throw withAttempts(error, tries);
      const backoff = initialDelay * 2 ** (tries - 1);
      await untilAborted(options.sleep(Math.min(maxDelay, Math.max(backoff, retryAfterOf(error)))), options.signal);
    }
  }
}

// The injected sleep knows nothing of the signal: race them, so a cancelled wait ends now.
function untilAborted(wait: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return wait;
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(signal.reason as Error); // an AbortError, or the Error the canceller gave
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    void wait.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function isRetryable(error: unknown): boolean {
  return isIndxError(error) && error.details.retryable === true;
}

function retryAfterOf(error: unknown): number {
  const value = isIndxError(error) ? error.details.retry_after_ms : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function withAttempts(error: unknown, tries: number): unknown {
  if (isIndxError(error)) error.details.attempts = tries;
  return error;
}
