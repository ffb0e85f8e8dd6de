import type { AuditRecorder } from '../../audit/audit-log';
import type { AiInvocationEvent } from '../../audit/ai-invocation-event';
import { IndxError, isIndxError } from '../../errors';
import type { Operation, Scope } from '../../ops/operation';
import { hasScope } from '../../ops/scopes';
import type { AiRuntime } from './ai-runtime';

/** Who calls, and when, for the event of a call that failed early. */
export interface GuardedCall {
  operation: Operation;
  runtime: AiRuntime;
  audit: AuditRecorder;
  actor: string;
  /** The caller's scopes: a caller the operation refuses hears `forbidden` first, not `ai_unavailable`. */
  scopes: readonly Scope[];
  clock: () => number;
}

/**
 * Runs one call of an AI operation (seed 002) so that (1) an operation that needs a chat model
 * refuses with `ai_unavailable` before it does anything else (no retrieval query reaches an
 * embeddings endpoint for a call that cannot be answered), and (2) every call ends as exactly one
 * `ai.invocation` audit event: `runAiCall` records the calls it runs; one that fails before
 * (invalid input, a scope naming a missing note, an invalid extract schema…) is recorded here.
 * Other operations, and `ai_status` (a probe, not an invocation), run unchanged.
 */
export async function guardAiCall<Result>(call: GuardedCall, run: (audit: AuditRecorder) => Promise<Result>): Promise<Result> {
  const op = invocationOp(call.operation);
  if (op === null) return run(call.audit);
  const started = call.clock();
  let recorded = false;
  const audit: AuditRecorder = {
    record: (event) => call.audit.record(event),
    recordInvocation: (event) => {
      recorded = true;
      call.audit.recordInvocation(event);
    },
  };
  try {
    requireChat(call);
    return await run(audit);
  } catch (error: unknown) {
    if (!recorded) call.audit.recordInvocation(failedEvent(call, op, started, error));
    throw error;
  }
}

function invocationOp(operation: Operation): AiInvocationEvent['op'] | null {
  if (operation.requires === undefined || operation.name === 'ai_status') return null;
  return operation.name.replace(/^ai_/, '') as AiInvocationEvent['op'];
}

function requireChat(call: GuardedCall): void {
  if (call.operation.requires !== 'chat' || !hasScope(call.scopes, call.operation.scope)) return;
  if (call.runtime.available && call.runtime.chat !== null) return;
  const settings = call.runtime.settings;
  const why = !settings.enabled
    ? 'the AI runtime is switched off (INDX_AI_ENABLED=false or ai.enabled: false)'
    : (settings.problem ?? 'no chat model is configured: set INDX_AI_PROVIDER and INDX_AI_MODEL (or ai.provider and ai.model in the vault configuration)');
  throw new IndxError('ai_unavailable', `${call.operation.name} needs a chat model, and ${why}. Nothing was sent anywhere.`, { required_role: 'chat' });
}

function failedEvent(call: GuardedCall, op: AiInvocationEvent['op'], started: number, error: unknown): AiInvocationEvent {
  return {
    type: 'ai.invocation',
    op,
    actor: call.actor,
    scope_paths: [],
    provider: call.runtime.chat?.provider ?? 'none',
    model: call.runtime.chat?.model ?? 'none',
    usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0, model_calls: 0 },
    cache_hit: false,
    duration_ms: Math.max(0, call.clock() - started),
    ok: false,
    error_code: isIndxError(error) ? error.code : 'internal_error',
    at: new Date(call.clock()).toISOString(),
  };
}
