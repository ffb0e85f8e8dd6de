import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/engine';

interface Entry {
  result: CallToolResult;
  storedAt: number;
}

/** The `_meta` key that marks a tool result served from the replay cache. */
export const REPLAY_META_KEY = 'indx/replay';

/**
 * Replays of safe tool calls (seed 000 §3: an identical `(tool, input)` for a read-only tool
 * within 60 s is a replay). Entries are keyed by caller, tool and canonical input, so two
 * tokens never share one. Freshness: the endpoint clears the whole cache on every vault event
 * (including external edits seen by the host's watcher) and every audit event, and a result
 * computed while a clear happened is not stored (`begin` hands out a generation ticket), so a
 * replay never returns data older than the latest change the server has seen.
 */
export class ReplayCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
    private readonly capacity = 500,
  ) {}

  /** The cache key of one call. */
  keyOf(caller: Caller, tool: string, input: unknown): string {
    return JSON.stringify([caller.actor, [...caller.scopes].sort(), tool, canonical(input ?? {})]);
  }

  /** A stored result younger than the TTL, or undefined. */
  get(key: string): CallToolResult | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.clock() - entry.storedAt < this.ttlMs) return entry.result;
    this.entries.delete(key);
    return undefined;
  }

  /** The ticket to pass to {@link store} for a computation starting now. */
  begin(): number {
    return this.generation;
  }

  /** Stores a result unless the cache was cleared since `ticket` was taken. */
  store(key: string, result: CallToolResult, ticket: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= this.capacity) this.evictOldest();
    this.entries.set(key, { result, storedAt: this.clock() });
  }

  /** Forgets every entry (the vault changed). */
  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (oldest.done !== true) this.entries.delete(oldest.value);
  }
}

/** `value` with object keys sorted at every level, so equal inputs serialise equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
}
