import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import { isIndxError } from '../../core/errors';

/**
 * The JSON-RPC error for a failed resource read, prompt or listing. `not_found` on a resource
 * is the SDK's resource-not-found error (`-32602` with `{uri}`); any other `IndxError` is
 * invalid params with `{code, details}` as data, so clients still see the stable code. Security:
 * other failures become a bare internal error without their message.
 */
export function toProtocolError(error: unknown, uri?: string): ProtocolError {
  if (error instanceof ProtocolError) return error;
  if (isIndxError(error, 'not_found') && uri !== undefined) return new ResourceNotFoundError(uri, error.message);
  if (isIndxError(error)) return new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { code: error.code, details: error.details });
  return new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error', { code: 'internal_error' });
}
