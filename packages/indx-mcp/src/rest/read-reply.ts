import { toNotePath } from '../../../../src/core/vault/paths';
import type { RestRoute } from '../../../../src/server/rest/rest-route';
import { CommandFailure } from './command-failure';
import { isRecord } from './is-record';
import type { HttpReply } from './send-http-request';

/** The error code a status stands for when the reply has no envelope to say (HEAD, a proxy's page). */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  412: 'etag_mismatch',
  413: 'payload_too_large',
  423: 'lock_unavailable',
  429: 'rate_limited',
  502: 'server_unavailable',
  503: 'server_unavailable',
  504: 'server_unavailable',
};

/**
 * The operation's output from a reply: `data` of a `{ok: true, data}` envelope; for a route
 * bound to HEAD, which answers with a status only, the route's parameters (a `path` normalised
 * as note operations normalise it) and `exists` (404 → false). A `{ok: false, error}` envelope,
 * or a failed status without one, throws a {@link CommandFailure} with the server's code.
 */
export function readReply(route: RestRoute, input: Record<string, unknown>, reply: HttpReply): Record<string, unknown> {
  if (route.method === 'HEAD' && (reply.status === 200 || reply.status === 404)) return headOutput(route, input, reply.status === 200);
  const body = parseBody(reply.text);
  if (reply.status < 300 && body?.ok === true && isRecord(body.data)) return body.data;
  if (body?.ok === false && isRecord(body.error)) throw fromEnvelope(body.error);
  const code = CODE_OF_STATUS[reply.status] ?? 'internal_error';
  throw new CommandFailure(code, `The server answered HTTP ${reply.status} without an indx response body. Check that the URL names an indx server.`, { status: reply.status });
}

function headOutput(route: RestRoute, input: Record<string, unknown>, exists: boolean): Record<string, unknown> {
  const params = route.params.map(({ field }) => [field, field === 'path' ? toNotePath(input[field]) : input[field]] as const);
  return { ...Object.fromEntries(params), exists };
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The failure an error envelope's `{code, message, details}` describes. */
export function fromEnvelope(error: Record<string, unknown>): CommandFailure {
  const code = typeof error.code === 'string' ? error.code : 'internal_error';
  const message = typeof error.message === 'string' ? error.message : 'The server reported an error without a message.';
  return new CommandFailure(code, message, isRecord(error.details) ? error.details : {});
}
