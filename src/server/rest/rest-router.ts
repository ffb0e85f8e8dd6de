import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Caller, Engine } from '../../core/engine';
import { IndxError } from '../../core/errors';
import { sendError, sendFailure } from '../http/envelope';
import { toCanonicalJson } from '../../core/canonical-json';
import { executeRoute } from './execute-route';
import type { IdempotencyCache } from './idempotency-cache';
import { matchRoute, type RouteMatch } from './match-route';
import { readBinaryBody } from './read-binary-body';
import { readIfMatch } from './read-if-match';
import { requestInput } from './request-input';
import { deriveRoutes } from './rest-route';
import type { RestResponse } from './rest-response';
import { streamRoute } from './stream-route';
import { wantsEventStream } from './wants-event-stream';
import { wantsJson } from './wants-json';

/** Header naming a replayed idempotent response. */
export const REPLAY_HEADER = 'X-Indx-Idempotent-Replay';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The REST surface under `/v1`, derived from the engine's registry (see `deriveRoutes` for the
 * path rules). Expects `res.locals.caller` and a parsed JSON body. Writes sent with an
 * `Idempotency-Key` header go through `idempotency`. A streaming operation (`streams: true`)
 * asked for with `Accept: text/event-stream` answers with server-sent events (see
 * `streamRoute`); other operations ignore that header.
 */
export function createRestRouter(engine: Engine, idempotency: IdempotencyCache): RequestHandler {
  const routes = deriveRoutes(engine.registry.list());
  return (request, response) => {
    void (async () => {
      const match = matchRoute(routes, request.method, request.originalUrl);
      if ('allowed' in match) return refuseUnmatched(response, request, match.allowed);
      const caller = response.locals.caller as Caller;
      const bytes = await readBinaryBody(request, response, match.route, caller);
      const input = requestInput(request, match, bytes);
      if (match.route.operation.streams === true && asksForStream(request, input)) {
        return streamRoute(engine, match.route, streamInput(request, match, input), caller, readIfMatch(request.headers['if-match']), response);
      }
      const result = await respond(engine, idempotency, request, match, input, caller, bytes);
      writeResponse(response, result.response, result.replayed);
    })().catch((error: unknown) => sendError(response, error));
  };
}

/** A stream is asked for with `Accept: text/event-stream`, or with `stream: true` in the body (seed 002 §5.2). */
function asksForStream(request: Request, input: Record<string, unknown>): boolean {
  return wantsEventStream(request.headers.accept) || input.stream === true;
}

/**
 * The input of a streamed call: an `Idempotency-Key` header becomes the AI runtime's own
 * `idempotency_key` (kept in the state folder), since streams bypass the response cache.
 */
function streamInput(request: Request, match: RouteMatch, input: Record<string, unknown>): Record<string, unknown> {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key !== '' && input.idempotency_key === undefined && 'idempotency_key' in match.route.input.properties ? { ...input, idempotency_key: key } : input;
}

async function respond(engine: Engine, idempotency: IdempotencyCache, request: Request, match: RouteMatch, input: Record<string, unknown>, caller: Caller, bytes: Uint8Array | null): Promise<{ response: RestResponse; replayed: boolean }> {
  const ifMatch = readIfMatch(request.headers['if-match']);
  const produce = () => executeRoute(engine, match.route, input, caller, ifMatch, { bytes: !wantsJson(request.headers.accept) });
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || SAFE_METHODS.has(request.method)) return { response: await produce(), replayed: false };
  if (key.length === 0 || key.length > 255) throw new IndxError('invalid_input', 'Idempotency-Key must be 1–255 characters (a UUID is a good choice).', {});
  return idempotency.run(caller.actor, key, fingerprint(request, bytes), produce);
}

/**
 * The request an idempotency key stands for: method, target, If-Match and body (a JSON body's
 * keys sorted, so their order does not matter; a binary body by its bytes).
 */
function fingerprint(request: Request, bytes: Uint8Array | null): string {
  const body = bytes === null ? toCanonicalJson(request.body ?? null) : `bytes:${request.headers['content-type'] ?? ''}:${createHash('sha256').update(bytes).digest('hex')}`;
  const parts = [request.method, request.originalUrl, request.headers['if-match'] ?? '', body];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

function writeResponse(response: Response, result: RestResponse, replayed: boolean): void {
  response.status(result.status);
  for (const [name, value] of Object.entries(result.headers)) response.setHeader(name, value);
  if (replayed) response.setHeader(REPLAY_HEADER, 'true');
  if (result.bytes !== undefined) response.send(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
  else if (result.body === undefined) response.end();
  else response.json(result.body);
}

function refuseUnmatched(response: Response, request: Request, allowed: string[]): void {
  if (allowed.length === 0) return sendFailure(response, 'not_found', `No REST route for ${request.method} ${request.path}. See /openapi.json for the routes.`, { method: request.method, path: request.path });
  response.setHeader('Allow', allowed.join(', '));
  sendFailure(response, 'method_not_allowed', `${request.method} is not allowed here. Allowed: ${allowed.join(', ')}.`, { allowed });
}
