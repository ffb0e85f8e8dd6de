import { IndxError } from '../errors';
import type { Scope } from '../ops/operation';
import { SCOPES } from '../ops/scopes';

/**
 * Reads a scope list (`"vault:read,vault:write"` or an array of names), trimming and removing
 * duplicates, in the catalog's order. Throws `invalid_input` for an unknown scope or an empty list.
 */
export function parseScopes(value: string | readonly string[]): Scope[] {
  const names = (typeof value === 'string' ? value.split(',') : [...value]).map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(SCOPES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    const what = names.length === 0 ? 'No scope was given' : `Unknown scope ${unknown.map((name) => `"${name}"`).join(', ')}`;
    throw new IndxError('invalid_input', `${what}. Choose from ${SCOPES.join(', ')} (comma-separated).`, { scopes: names, known: SCOPES });
  }
  return SCOPES.filter((scope) => names.includes(scope));
}
