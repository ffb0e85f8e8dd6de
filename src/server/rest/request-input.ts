import type { Request } from 'express';
import { IndxError } from '../../core/errors';
import type { RouteMatch } from './match-route';
import { readQuery } from './read-query';

/**
 * The operation input of a matched request: query parameters, then the JSON body, then the
 * path parameters, later sources winning. The path in the URL always decides which note is
 * touched, whatever the body says. The `If-Match` header is added later (`resolveIfMatch`).
 */
export function requestInput(request: Request, match: RouteMatch): Record<string, unknown> {
  const body: unknown = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new IndxError('invalid_input', 'The request body must be a JSON object of input fields.', {});
  }
  return { ...readQuery(match.query, match.route.input), ...(body as Record<string, unknown> | undefined), ...match.params };
}
