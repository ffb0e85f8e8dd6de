import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/engine';
import type { Scope } from '../../core/ops/operation';
import { SCOPES } from '../../core/ops/scopes';

/**
 * The SDK's pass-through `AuthInfo` for an authenticated caller: the actor as client id, the
 * granted scopes, and the token's tool limit (its profile) in `extra.tools`. Security: the
 * bearer secret is never copied into it (handlers do not need it), and the tool limit must
 * survive the round trip, or a limited token would get every tool on the modern path.
 */
export function toAuthInfo(caller: Caller): AuthInfo {
  return { token: '', clientId: caller.actor, scopes: [...caller.scopes], ...(caller.tools === undefined ? {} : { extra: { tools: [...caller.tools] } }) };
}

/** The caller an `AuthInfo` from {@link toAuthInfo} stands for; no scopes when there is none. */
export function callerFromAuthInfo(authInfo: AuthInfo | undefined): Caller {
  if (authInfo === undefined) return { actor: 'anonymous', scopes: [] };
  const tools = authInfo.extra?.tools;
  // Security: a limit that is there but malformed limits to nothing rather than to everything.
  const limit = tools === undefined ? undefined : Array.isArray(tools) ? tools.filter((tool): tool is string => typeof tool === 'string') : [];
  return { actor: authInfo.clientId, scopes: authInfo.scopes.filter(isScope), ...(limit === undefined ? {} : { tools: limit }) };
}

/** True when `value` has the shape of a `Caller` (as the auth middleware sets it). */
export function isCaller(value: unknown): value is Caller {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { actor?: unknown; scopes?: unknown };
  return typeof candidate.actor === 'string' && Array.isArray(candidate.scopes) && candidate.scopes.every(isScope);
}

/** True when two callers are the same token: same actor, same scopes, same tool limit. */
export function isSameCaller(first: Caller, second: Caller): boolean {
  return first.actor === second.actor && sameSet(first.scopes, second.scopes) && (first.tools === undefined ? second.tools === undefined : second.tools !== undefined && sameSet(first.tools, second.tools));
}

function sameSet(first: readonly string[], second: readonly string[]): boolean {
  return first.length === second.length && first.every((item) => second.includes(item));
}

function isScope(value: unknown): value is Scope {
  return SCOPES.includes(value as Scope);
}
