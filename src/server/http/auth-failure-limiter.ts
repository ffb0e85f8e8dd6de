import type { RateLimitOptions } from './limit-rate';

/** The default budget of failed authentications per remote address: 60 a minute. */
export const DEFAULT_AUTH_FAILURE_LIMIT: RateLimitOptions = { limit: 60, windowMs: 60_000 };

interface Window {
  started: number;
  failures: number;
}

/**
 * Counts failed authentications per remote address in fixed windows. Once an address has
 * failed `limit` times in a window, `retryAfterMs` says how long it must wait; the
 * authentication middleware asks before verifying anything, so a flood of bad or missing
 * tokens is refused without hashing a secret or reading the token file.
 */
// Security: the server listens on 127.0.0.1 only, so every client shares one address: a client
// stuck on a revoked token delays the others for at most one window. Secrets are 256-bit, so
// the limit is a brake on floods, not the defence against guessing.
export class AuthFailureLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_AUTH_FAILURE_LIMIT,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Milliseconds until `address` may try again, or 0 when it is under the limit. */
  retryAfterMs(address: string): number {
    const window = this.current(address);
    if (window === undefined || window.failures < this.options.limit) return 0;
    return Math.max(1, window.started + this.options.windowMs - this.clock());
  }

  /** Records one failed authentication from `address`. */
  recordFailure(address: string): void {
    this.prune();
    const window = this.current(address) ?? { started: this.clock(), failures: 0 };
    window.failures += 1;
    this.windows.set(address, window);
  }

  /** The limit and window, for the refusal's message. */
  get limits(): RateLimitOptions {
    return this.options;
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    return window !== undefined && this.clock() - window.started < this.options.windowMs ? window : undefined;
  }

  private prune(): void {
    const now = this.clock();
    for (const [address, window] of this.windows) if (now - window.started >= this.options.windowMs) this.windows.delete(address);
  }
}
