import type { Caller } from '../../../core/engine';
import { IndxError } from '../../../core/errors';
import { hasScope } from '../../../core/ops/scopes';

/**
 * Throws `forbidden` unless `caller` may read the vault. Resources that read the host directly
 * (no operation returns what they need) call this first, so scopes apply as for operations.
 */
export function requireReadScope(caller: Caller): void {
  if (!hasScope(caller.scopes, 'vault:read')) {
    throw new IndxError('forbidden', 'Reading vault resources needs the vault:read scope.', { required: 'vault:read', granted: caller.scopes });
  }
}
