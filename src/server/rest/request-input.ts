import type { Request } from 'express';
import { IndxError } from '../../core/errors';
import type { RouteMatch } from './match-route';
import { readQuery } from './read-query';

/**
 * The operation input of a matched request: query parameters, then the JSON body, then the
 * path parameters and the `If-Match` header (`if_match`), later sources winning. The path in
 * the URL always decides which note is touched, whatever the body says.
 */
export function requestInput(request: Request, match: RouteMatch): Record<string, unknown> {
  const body: unknown = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new IndxError('invalid_input', 'The request body must be a JSON object of input fields.', {});
  }
  return { ...readQuery(match.query, match.route.input), ...(body as Record<string, unknown> | undefined), ...match.params, ...ifMatchInput(request, match) };
}

function ifMatchInput(request: Request, match: RouteMatch): Record<string, unknown> {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return {};
  if (!('if_match' in match.route.input.properties)) {
    throw new IndxError('invalid_input', `${match.route.operation.name} does not take If-Match. Remove the header.`, { operation: match.route.operation.name });
  }
  if (header.includes(',')) throw new IndxError('invalid_input', 'If-Match must carry a single ETag (the one note_read returned).', { if_match: header });
  return { if_match: header.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1') };
}
