import { fromBase64 } from '../../core/attachments/base64';
import type { Caller, Engine } from '../../core/engine';
import { toErrorEnvelope } from '../http/envelope';
import type { IfMatchCondition } from './read-if-match';
import { resolveIfMatch } from './resolve-if-match';
import type { RestRoute } from './rest-route';
import type { RestResponse } from './rest-response';

/** Response header naming the operation a REST request ran. */
export const OPERATION_HEADER = 'X-Indx-Operation';

/** How a route answers. */
export interface ExecuteOptions {
  /** Answer an operation with a binary output field with the file's raw bytes rather than JSON (see `BinaryField`). */
  bytes?: boolean;
}

/**
 * Runs a route's operation and shapes the response: `{ok: true, data}` with 200 (201 when the
 * output says `created: true`), an `ETag` header when the output carries an etag, and for a
 * HEAD-bound operation no body and 404 when the output says `exists: false`. With `bytes`, an
 * operation with a binary output field answers with the bytes themselves and their Content-Type.
 * An `If-Match` condition becomes `if_match` first (see `resolveIfMatch`). Failures become the
 * error envelope with the status of their code (and `Retry-After` for a quota error).
 */
export async function executeRoute(engine: Engine, route: RestRoute, input: Record<string, unknown>, caller: Caller, ifMatch: IfMatchCondition | null = null, options: ExecuteOptions = {}): Promise<RestResponse> {
  try {
    const precondition = await resolveIfMatch(engine, route, input, caller, ifMatch);
    const { output } = await engine.call(route.operation.name, { ...input, ...precondition }, caller);
    return toSuccess(route, output as Record<string, unknown>, options);
  } catch (error: unknown) {
    const { status, headers, body } = toErrorEnvelope(error);
    return { status, headers: { [OPERATION_HEADER]: route.operation.name, ...headers }, body };
  }
}

function toSuccess(route: RestRoute, output: Record<string, unknown>, options: ExecuteOptions): RestResponse {
  const headers: Record<string, string> = { [OPERATION_HEADER]: route.operation.name, ...(typeof output.etag === 'string' ? { ETag: `"${output.etag}"` } : {}) };
  if (route.method === 'HEAD') return { status: output.exists === false ? 404 : 200, headers, body: undefined };
  const raw = options.bytes === true ? toBytes(route, output) : null;
  if (raw !== null) return { status: 200, headers: { ...headers, ...raw.headers }, body: undefined, bytes: raw.bytes };
  return { status: output.created === true ? 201 : 200, headers, body: { ok: true, data: output } };
}

/** The bytes of an operation's binary output field, with the headers that describe them; null for other operations. */
function toBytes(route: RestRoute, output: Record<string, unknown>): { bytes: Uint8Array; headers: Record<string, string> } | null {
  const binary = route.operation.binary;
  if (binary === undefined || !('output' in binary)) return null;
  const [data, mime] = [output[binary.output], output[binary.mime]];
  const bytes = typeof data === 'string' ? fromBase64(data) : null;
  if (bytes === null) return null;
  // Security: vault files are user content; a browser opening one (an SVG, an HTML page) must
  // neither guess another type nor run its scripts with this server's origin.
  const headers = { 'Content-Type': typeof mime === 'string' ? mime : 'application/octet-stream', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'sandbox' };
  return { bytes, headers };
}
