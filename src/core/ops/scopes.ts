import type { Scope } from './operation';

/** Every scope, weakest first. */
export const SCOPES: readonly Scope[] = ['vault:read', 'vault:write', 'vault:admin'];

/** True when the granted scopes cover `required` (`admin` ⊃ `write` ⊃ `read`). */
export function hasScope(granted: readonly Scope[], required: Scope): boolean {
  const needed = SCOPES.indexOf(required);
  return granted.some((scope) => SCOPES.indexOf(scope) >= needed);
}
