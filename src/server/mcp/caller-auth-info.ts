import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/engine';
import type { Scope } from '../../core/ops/operation';
import { SCOPES } from '../../core/ops/scopes';

/**
 * The SDK's pass-through `AuthInfo` for an authenticated caller: the actor as client id and the
 * granted scopes. Security: the bearer secret is never copied into it (handlers do not need it).
 */
export function toAuthInfo(caller: Caller): AuthInfo {
  return { token: '', clientId: caller.actor, scopes: [...caller.scopes] };
}

/** The caller an `AuthInfo` from {@link toAuthInfo} stands for; no scopes when there is none. */
export function callerFromAuthInfo(authInfo: AuthInfo | undefined): Caller {
  if (authInfo === undefined) return { actor: 'anonymous', scopes: [] };
  return { actor: authInfo.clientId, scopes: authInfo.scopes.filter(isScope) };
}

/** True when `value` has the shape of a `Caller` (as the auth middleware sets it). */
export function isCaller(value: unknown): value is Caller {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { actor?: unknown; scopes?: unknown };
  return typeof candidate.actor === 'string' && Array.isArray(candidate.scopes) && candidate.scopes.every(isScope);
}

/** True when two callers are the same token: same actor, same scopes. */
export function isSameCaller(first: Caller, second: Caller): boolean {
  return first.actor === second.actor && first.scopes.length === second.scopes.length && first.scopes.every((scope) => second.scopes.includes(scope));
}

function isScope(value: unknown): value is Scope {
  return SCOPES.includes(value as Scope);
}
