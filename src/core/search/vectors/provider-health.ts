import { isInputRejection } from '../../ai/is-input-rejection';
import { IndxError, isIndxError } from '../../errors';

/** After a failure, the provider is left alone this long before the next try. */
const COOLDOWN_MS = 30_000;

/**
 * Remembers the provider's last failure so callers stop asking a provider that is down (or
 * misconfigured) for a while, and can explain why semantic search is off. Only failures that
 * hold for every request pause it: unreachable, timed out, 429 or 5xx after the retries, and
 * refusals of the key, model or address (401, 403, 404). A refusal of one input (a text too
 * long for the model) pauses nothing, nor does a request the caller cancelled.
 */
export class ProviderHealth {
  private retryAt = 0;
  private lastError: IndxError | null = null;

  constructor(private readonly clock: () => number) {}

  /** False during the cool-down after a failure. */
  healthy(): boolean {
    return this.clock() >= this.retryAt;
  }

  /** Milliseconds left of the cool-down (0 when healthy). */
  retryInMs(): number {
    return Math.max(0, this.retryAt - this.clock());
  }

  /** The failure that started the current or last cool-down, as `{code, message}`. */
  lastFailure(): { code: string; message: string } | null {
    return this.lastError === null ? null : { code: this.lastError.code, message: this.lastError.message };
  }

  /** Records the outcome of a request: null for success; a failure that holds for every request starts the cool-down. */
  record(error: unknown): void {
    if (error === null) {
      this.retryAt = 0;
      return;
    }
    if (isIndxError(error, 'embeddings_unavailable') && error.details.cancelled !== true) this.pause(error);
    else if (isIndxError(error, 'embeddings_failed') && !isInputRejection(error)) this.pause(error);
  }

  /** Starts the cool-down for `error`, whatever it is (the caller found that it holds for every request). */
  pause(error: IndxError): void {
    this.lastError = error;
    this.retryAt = this.clock() + COOLDOWN_MS;
  }

  /** The error to throw while cooling down. */
  unavailableError(): IndxError {
    const seconds = Math.max(1, Math.ceil(this.retryInMs() / 1000));
    const last = this.lastFailure();
    return new IndxError('embeddings_unavailable', `Semantic search is paused for ${seconds} s after the embeddings provider failed (${last?.code ?? 'unknown'}). Use lexical search meanwhile.`, { retry_in_s: seconds, last_error: last });
  }
}
