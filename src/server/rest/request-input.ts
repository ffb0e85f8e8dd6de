import type { Request } from 'express';
import { toBase64 } from '../../core/attachments/base64';
import { IndxError } from '../../core/errors';
import type { RouteMatch } from './match-route';
import { readQuery } from './read-query';

/**
 * The operation input of a matched request: query parameters, then the JSON body, then the
 * path parameters, later sources winning. The path in the URL always decides which note is
 * touched, whatever the body says. The `If-Match` header is added later (`resolveIfMatch`).
 * A binary body (`readBinaryBody`) fills the operation's binary input field, as base64.
 */
export function requestInput(request: Request, match: RouteMatch, bytes: Uint8Array | null = null): Record<string, unknown> {
  const binary = match.route.operation.binary;
  if (bytes !== null && binary !== undefined && 'input' in binary) return { ...readQuery(match.query, match.route.input), [binary.input]: toBase64(bytes), ...match.params };
  const body: unknown = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new IndxError('invalid_input', 'The request body must be a JSON object of input fields.', {});
  }
  return { ...readQuery(match.query, match.route.input), ...(body as Record<string, unknown> | undefined), ...match.params };
}
