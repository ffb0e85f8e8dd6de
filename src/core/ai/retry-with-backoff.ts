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
}

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * Runs `attempt` until it succeeds, retrying failures marked retryable (an `IndxError` whose
 * details say `retryable: true`) with exponential backoff, or a server's `retry_after_ms` when
 * it asked for longer. The last error is rethrown with `details.attempts` set.
 */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, options: BackoffOptions): Promise<T> {
  const initialDelay = options.initialDelayMs ?? INITIAL_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? MAX_DELAY_MS;
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error: unknown) {
      if (!isRetryable(error) || tries > options.maxRetries) throw withAttempts(error, tries);
      const backoff = initialDelay * 2 ** (tries - 1);
      await options.sleep(Math.min(maxDelay, Math.max(backoff, retryAfterOf(error))));
    }
  }
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
