import type { Caller, Engine } from '../../core/engine';
import { toErrorEnvelope } from '../http/envelope';
import type { IfMatchCondition } from './read-if-match';
import { resolveIfMatch } from './resolve-if-match';
import type { RestRoute } from './rest-route';
import type { RestResponse } from './rest-response';

/** Response header naming the operation a REST request ran. */
export const OPERATION_HEADER = 'X-Indx-Operation';

/**
 * Runs a route's operation and shapes the response: `{ok: true, data}` with 200 (201 when the
 * output says `created: true`), an `ETag` header when the output carries an etag, and for a
 * HEAD-bound operation no body and 404 when the output says `exists: false`. An `If-Match`
 * condition becomes `if_match` first (see `resolveIfMatch`). Failures become the error envelope
 * with the status of their code (and `Retry-After` for a quota error).
 */
export async function executeRoute(engine: Engine, route: RestRoute, input: Record<string, unknown>, caller: Caller, ifMatch: IfMatchCondition | null = null): Promise<RestResponse> {
  try {
    const precondition = await resolveIfMatch(engine, route, input, caller, ifMatch);
    const { output } = await engine.call(route.operation.name, { ...input, ...precondition }, caller);
    return toSuccess(route, output as Record<string, unknown>);
  } catch (error: unknown) {
    const { status, headers, body } = toErrorEnvelope(error);
    return { status, headers: { [OPERATION_HEADER]: route.operation.name, ...headers }, body };
  }
}

function toSuccess(route: RestRoute, output: Record<string, unknown>): RestResponse {
  const headers: Record<string, string> = { [OPERATION_HEADER]: route.operation.name, ...(typeof output.etag === 'string' ? { ETag: `"${output.etag}"` } : {}) };
  if (route.method === 'HEAD') return { status: output.exists === false ? 404 : 200, headers, body: undefined };
  return { status: output.created === true ? 201 : 200, headers, body: { ok: true, data: output } };
}
