import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/engine';
import type { Operation } from '../../core/ops/operation';
import { GenerationCache } from './generation-cache';

/** The `_meta` key that marks a tool result served from the replay cache. */
export const REPLAY_META_KEY = 'indx/replay';

/**
 * Replays of safe tool calls (seed 000 §3: an identical `(tool, input)` for a read-only tool
 * within 60 s is a replay). Entries are keyed by caller, tool and canonical input, so two
 * tokens never share one. Freshness: the endpoint clears the whole cache on every vault event
 * (including external edits seen by the host's watcher) and every audit event, and a result
 * computed while a clear happened is not stored, so a replay never returns data older than the
 * latest change the server has seen. Admin operations are never replayed (see
 * {@link isReplayable}): what they read, such as the vault configuration, can be changed by
 * another process without any event reaching this one.
 */
export class ReplayCache extends GenerationCache<CallToolResult> {
  constructor(ttlMs: number, clock: () => number, capacity = 500) {
    super(ttlMs, clock, capacity);
  }

  /** The cache key of one call. */
  keyOf(caller: Caller, tool: string, input: unknown): string {
    return JSON.stringify([caller.actor, [...caller.scopes].sort(), tool, canonical(input ?? {})]);
  }
}

/**
 * True when calls of `operation` may be replayed: read-only, not an admin operation, and not an
 * AI operation (the AI runtime has its own cache, which reports hits with zero usage and
 * `ai_cache_hit`, and idempotency keys; a replay here would repeat the first call's usage).
 */
export function isReplayable(operation: Operation): boolean {
  return operation.annotations.readOnlyHint && operation.scope !== 'vault:admin' && operation.requires === undefined;
}

/** `value` with object keys sorted at every level, so equal inputs serialise equally. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
}
