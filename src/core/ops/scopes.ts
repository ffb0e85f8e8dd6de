import type { Scope } from './operation';

/**
 * Every scope, in catalog order: the vault's three levels, weakest first, then the editor's own.
 * `vault:admin` implies every other scope, `vault:write` implies `vault:read`; `app:editor` (see
 * and steer the Obsidian editor) is granted on its own, beside any vault level.
 */
export const SCOPES: readonly Scope[] = ['vault:read', 'vault:write', 'vault:admin', 'app:editor'];

/** The scopes each scope covers. */
const COVERS: Record<Scope, readonly Scope[]> = {
  'vault:read': ['vault:read'],
  'vault:write': ['vault:read', 'vault:write'],
  'vault:admin': SCOPES,
  'app:editor': ['app:editor'],
};

/** True when the granted scopes cover `required` (`admin` ⊃ `write` ⊃ `read`; `admin` ⊃ `app:editor`). */
export function hasScope(granted: readonly Scope[], required: Scope): boolean {
  return granted.some((scope) => COVERS[scope].includes(required));
}
