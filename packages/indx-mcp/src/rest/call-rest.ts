import type { Operation } from '../../../../src/core/ops/operation';
import type { RestRoute } from '../../../../src/server/rest/rest-route';
import type { ServerTarget } from '../connect/locate-server';
import { CommandFailure } from './command-failure';
import { readReply } from './read-reply';
import { sendHttpRequest, type SendHttpRequest } from './send-http-request';
import { toRestRequest } from './to-rest-request';

/** Headers a command adds to its request. */
export interface RestCallOptions {
  /** Sent as `Idempotency-Key`: the server replays the stored response of a repeated write. */
  idempotencyKey?: string;
  /** Every route the server may have (default: the operation's own). */
  routes?: readonly RestRoute[];
  send?: SendHttpRequest;
  /** How long the server may stay silent (default: the sender's, 30 s). */
  timeoutMs?: number;
}

/**
 * Runs `operation` on a running server over REST and resolves with its output. An `if_match`
 * etag (a string) travels as the `If-Match` header, so the server applies its HTTP precondition
 * rules; any other `if_match` (the path → etag map of an AI apply) stays in the body, where the
 * server checks it. The token goes as `Authorization: Bearer`. Failures throw the server's code
 * (see `readReply`).
 */
export async function callRest(target: ServerTarget, operation: Operation, input: Record<string, unknown>, options: RestCallOptions = {}): Promise<Record<string, unknown>> {
  const { if_match: ifMatch, ...rest } = input;
  // Dropping a map here would turn a conditional apply into an unconditional one.
  const fields = typeof ifMatch === 'string' ? rest : input;
  const request = toRestRequest(operation, fields, options.routes);
  const headers = requestHeaders(target, ifMatch, options.idempotencyKey, request.bytes !== undefined ? 'application/octet-stream' : request.body !== undefined ? 'application/json' : null);
  const body = request.bytes ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const reply = await (options.send ?? sendHttpRequest)(target.url, { method: request.method, target: request.target, headers, body, timeoutMs: options.timeoutMs });
  try {
    return readReply(request.route, fields, reply);
  } catch (error: unknown) {
    throw target.token === null && error instanceof CommandFailure && error.code === 'unauthorized' ? withTokenHint(error) : error;
  }
}

function requestHeaders(target: ServerTarget, ifMatch: unknown, idempotencyKey: string | undefined, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (target.token !== null) headers.Authorization = `Bearer ${target.token}`;
  if (contentType !== null) headers['Content-Type'] = contentType;
  if (typeof ifMatch === 'string') headers['If-Match'] = toEntityTag(ifMatch);
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

/** A bare ETag as printed in JSON output becomes a quoted entity tag; `*`, quoted tags and lists pass as written. */
function toEntityTag(value: string): string {
  return value === '*' || /[",]/.test(value) ? value : `"${value}"`;
}

function withTokenHint(error: CommandFailure): CommandFailure {
  return new CommandFailure(error.code, `${error.message} No token was sent: pass --token-file FILE or set INDX_TOKEN.`, error.details);
}
