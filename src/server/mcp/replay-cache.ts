import type { CallToolResult } from '@modelcontextprotocol/server';
import { toCanonicalJson } from '../../core/canonical-json';
import type { Caller } from '../../core/engine';
import type { Operation } from '../../core/ops/operation';
import { GenerationCache } from './generation-cache';

/** The `_meta` key that marks a tool result served from the replay cache. */
export const REPLAY_META_KEY = 'indx/replay';

/**
 * Replays of safe tool calls (seed 000 §3: an identical `(tool, input)` for a read-only tool
 * within 60 s is a replay). A replay never returns what a fresh call would answer differently:
 * - the key holds everything else an answer depends on: the caller (actor, scopes, tool
 *   profile), the tool, the canonical input, and the engine's `answerState()` (search index
 *   state, configuration generation), so a result from another index state or configuration is
 *   never found;
 * - the endpoint clears the whole cache on every vault event (including external edits seen by
 *   the host's watcher) and every audit event, and a result computed while a clear happened is
 *   not stored;
 * - a result computed while the index was being built, or while the answer state changed, is
 *   not stored (it covers only part of the vault).
 * Operations whose answer reads live server state (`live`), admin operations (what they read,
 * such as the configuration file, can change with no event reaching this process) and AI
 * operations (their own cache counts usage) are never replayed (see {@link isReplayable}).
 */
export class ReplayCache extends GenerationCache<CallToolResult> {
  constructor(ttlMs: number, clock: () => number, capacity = 500) {
    super(ttlMs, clock, capacity);
  }

  /** The cache key of one call made while the engine's answer state is `answerState`. */
  keyOf(caller: Caller, tool: string, input: unknown, answerState: string): string {
    return toCanonicalJson([caller.actor, [...caller.scopes].sort(), caller.tools === undefined ? null : [...caller.tools].sort(), tool, input ?? {}, answerState]);
  }
}

/**
 * True when calls of `operation` may be replayed: read-only, not live, not an admin operation,
 * not an AI operation (the AI runtime has its own cache, which reports hits with zero usage
 * and `ai_cache_hit`, and idempotency keys; a replay here would repeat the first call's usage),
 * and not one answering with a file's bytes (`binary`: megabytes per entry would pile up).
 */
export function isReplayable(operation: Operation): boolean {
  return operation.annotations.readOnlyHint && operation.live !== true && operation.scope !== 'vault:admin' && operation.requires === undefined && operation.binary === undefined;
}
