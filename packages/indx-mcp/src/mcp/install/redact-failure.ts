import { IndxError, isIndxError } from '../../../../../src/core/errors';
import { redactSecrets } from './redact-secrets';

/**
 * A failure as `indx mcp install`, `uninstall` and `status` report it: message and details
 * redacted (a conflict quotes the entry found, a bad --url itself).
 */
export function redactFailure(error: unknown): unknown {
  return isIndxError(error) ? new IndxError(error.code, redactSecrets(error.message) as string, redactSecrets(error.details) as Record<string, unknown>, { cause: error }) : error;
}
