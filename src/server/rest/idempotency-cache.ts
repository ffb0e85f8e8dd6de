import { IndxError } from '../../core/errors';
import type { RestResponse } from './rest-response';

/** Options of {@link IdempotencyCache}. */
export interface IdempotencyOptions {
  /** How long a stored response is replayed (default 24 h). */
  ttlMs?: number;
  /** Most keys kept (default 1000); the oldest go first. */
  maxEntries?: number;
  /** Most bytes of stored bodies kept (default 64 MiB); the oldest go first. */
  maxBytes?: number;
  clock?: () => number;
}

interface Entry {
  fingerprint: string;
  created: number;
  bytes: number;
  response: Promise<RestResponse>;
}

/**
 * Responses to writes sent with an `Idempotency-Key`, kept in memory (they do not survive a
 * restart). The same key with the same request fingerprint within the TTL gets the stored
 * response again; the same key with a different request fails with `idempotency_key_reused`.
 * Only successful (2xx) responses are kept: a failed write may be retried with the same key.
 * A duplicate that arrives while the first request is still running waits for it: when the
 * first succeeds the duplicate gets its response as a replay, when it fails the duplicate runs
 * as a request of its own (a failure is never handed out as a replay).
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: IdempotencyOptions = {}) {
    this.ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Runs `produce` once per `owner`'s `key` and `fingerprint`; says whether the response was
   * replayed. Keys are per owner (token), so one caller never sees another's stored response.
   */
  async run(owner: string, clientKey: string, fingerprint: string, produce: () => Promise<RestResponse>): Promise<{ response: RestResponse; replayed: boolean }> {
    const key = `${owner}\n${clientKey}`;
    const existing = this.live(key);
    if (existing !== undefined) {
      if (existing.fingerprint !== fingerprint) throw reused(clientKey);
      const earlier = await existing.response.catch(() => null);
      if (earlier !== null && isSuccess(earlier)) return { response: earlier, replayed: true };
      this.remove(key, existing);
      return this.run(owner, clientKey, fingerprint, produce);
    }
    const entry: Entry = { fingerprint, created: this.clock(), bytes: 0, response: produce() };
    this.entries.set(key, entry);
    const response = await entry.response.catch((error: unknown) => {
      this.remove(key, entry);
      throw error;
    });
    this.settle(key, entry, response);
    return { response, replayed: false };
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined && this.clock() - entry.created > this.ttlMs) this.remove(key, entry);
    return this.entries.get(key);
  }

  private settle(key: string, entry: Entry, response: RestResponse): void {
    if (!isSuccess(response)) return this.remove(key, entry);
    entry.bytes = JSON.stringify(response.body ?? null).length;
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    const maxEntries = this.options.maxEntries ?? 1000;
    const maxBytes = this.options.maxBytes ?? 64 * 1024 * 1024;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= maxEntries && this.bytes <= maxBytes) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function isSuccess(response: RestResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

function reused(key: string): IndxError {
  return new IndxError('idempotency_key_reused', `The Idempotency-Key "${key}" was already used for a different request. Use a new key for a new request.`, { idempotency_key: key });
}
