import type { AuditRecorder } from '../../audit/audit-log';
import type { AiInvocationEvent } from '../../audit/ai-invocation-event';
import { isIndxError } from '../../errors';
import type { Operation, Scope } from '../../ops/operation';
import { requiredAiRole } from '../../ops/required-ai-role';
import { hasScope } from '../../ops/scopes';
import type { AiRuntime } from './ai-runtime';
import { invocationEvent } from './invocation-event';
import { zeroUsage } from './ai-usage';
import { requireAiRole } from './require-ai-role';

/** Who calls, and when, for the event of a call that failed early. */
export interface GuardedCall {
  operation: Operation;
  /** The call's input as sent: the role it needs may depend on it (`requiresWhen`). */
  input: unknown;
  runtime: AiRuntime;
  audit: AuditRecorder;
  actor: string;
  /** The caller's scopes: a caller the operation refuses hears `forbidden` first, not `ai_unavailable`. */
  scopes: readonly Scope[];
  clock: () => number;
}

/**
 * Runs one call of an AI operation (seed 002) so that (1) a call that needs a chat model (the
 * operation's `requires`, for this input) refuses with `ai_unavailable` before it does anything
 * else (no retrieval query reaches an embeddings endpoint for a call that cannot be answered),
 * and (2) every call ends as exactly one
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
  if (requiredAiRole(call.operation, call.input) !== 'chat' || !hasScope(call.scopes, call.operation.scope)) return;
  // An operation that needs the model on some inputs only says so: the caller may drop what needs it.
  requireAiRole(call.runtime, call.operation.requiresWhen === undefined ? call.operation.name : `${call.operation.name} with this input`, 'chat');
}

function failedEvent(call: GuardedCall, op: AiInvocationEvent['op'], started: number, error: unknown): AiInvocationEvent {
  const errorCode = isIndxError(error) ? error.code : 'internal_error';
  return invocationEvent(call.runtime, call.clock, { op, actor: call.actor, paths: [], usage: zeroUsage(), cacheHit: false, started, ok: false, errorCode, applied: [] });
}
