import type { AiUsage } from '../ai-schemas';
import type { AiInvocationEvent } from '../../audit/ai-invocation-event';
import type { AiRuntime } from './ai-runtime';

/** What one AI call did, as its `ai.invocation` event records it. */
export interface InvocationOutcome {
  op: AiInvocationEvent['op'];
  actor: string;
  /** The notes read (the event keeps the first 50). */
  paths: readonly string[];
  usage: AiUsage;
  cacheHit: boolean;
  started: number;
  ok: boolean;
  errorCode?: string;
  /** Notes written (the event keeps the first 50; none: no field). */
  applied: readonly string[];
}

/** The `ai.invocation` audit event of one call (seed 002 §12), timed with `clock`; never prompts or outputs. */
export function invocationEvent(runtime: AiRuntime, clock: () => number, outcome: InvocationOutcome): AiInvocationEvent {
  return {
    type: 'ai.invocation',
    op: outcome.op,
    actor: outcome.actor,
    scope_paths: outcome.paths.slice(0, 50),
    provider: runtime.chat?.provider ?? 'none',
    model: runtime.chat?.model ?? 'none',
    usage: { ...outcome.usage },
    cache_hit: outcome.cacheHit,
    duration_ms: Math.max(0, clock() - outcome.started),
    ok: outcome.ok,
    ...(outcome.errorCode === undefined ? {} : { error_code: outcome.errorCode }),
    ...(outcome.applied.length === 0 ? {} : { applied_paths: outcome.applied.slice(0, 50) }),
    at: new Date(clock()).toISOString(),
  };
}
