import { IndxError, isIndxError } from '../../errors';

/** After a failure, the provider is left alone this long before the next try. */
const COOLDOWN_MS = 30_000;

/**
 * Remembers the provider's last failure so callers stop asking a provider that is down (or
 * misconfigured) for a while, and can explain why semantic search is off.
 */
export class ProviderHealth {
  private retryAt = 0;
  private lastError: IndxError | null = null;

  constructor(private readonly clock: () => number) {}

  /** False during the cool-down after a failure. */
  healthy(): boolean {
    return this.clock() >= this.retryAt;
  }

  /** The failure that started the current or last cool-down, as `{code, message}`. */
  lastFailure(): { code: string; message: string } | null {
    return this.lastError === null ? null : { code: this.lastError.code, message: this.lastError.message };
  }

  /** Records the outcome of a request. */
  record(error: unknown): void {
    if (error === null) {
      this.retryAt = 0;
      return;
    }
    if (!isIndxError(error, 'embeddings_unavailable') && !isIndxError(error, 'embeddings_failed')) return;
    this.lastError = error;
    this.retryAt = this.clock() + COOLDOWN_MS;
  }

  /** The error to throw while cooling down. */
  unavailableError(): IndxError {
    const seconds = Math.max(1, Math.ceil((this.retryAt - this.clock()) / 1000));
    const last = this.lastFailure();
    return new IndxError('embeddings_unavailable', `Semantic search is paused for ${seconds} s after the embeddings provider failed (${last?.code ?? 'unknown'}). Use lexical search meanwhile.`, { retry_in_s: seconds, last_error: last });
  }
}
