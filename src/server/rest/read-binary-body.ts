import express, { type Request, type Response } from 'express';
import { MAX_ATTACHMENT_BYTES } from '../../core/config/attachment-settings';
import type { Caller } from '../../core/engine';
import { IndxError } from '../../core/errors';
import { hasScope } from '../../core/ops/scopes';
import type { RestRoute } from './rest-route';

/** Content types parsed as JSON (by `parseJsonBody`); any other body of a binary route is the file's bytes. */
const JSON_TYPES = ['application/json', 'application/*+json'];

// Read up to the largest limit the configuration allows; the operation checks the one in force.
const parseRaw = express.raw({ type: () => true, limit: MAX_ATTACHMENT_BYTES });

/**
 * The raw bytes of a request to a route whose operation takes a binary input field (see
 * `BinaryField`) when its body is not JSON (`image/png`, `application/octet-stream`, anything but
 * JSON); null for every other request, whose body (if JSON) the JSON parser has read. A body over
 * 64 MiB is `payload_too_large`. A caller without the operation's scope is refused before the
 * body is read: a read token cannot make the server buffer 64 MiB only to hear `forbidden`.
 */
export async function readBinaryBody(request: Request, response: Response, route: RestRoute, caller: Caller): Promise<Uint8Array | null> {
  const binary = route.operation.binary;
  // `is` answers null without a body, the matching type for JSON, false for anything else.
  if (binary === undefined || !('input' in binary) || request.is(JSON_TYPES) !== false) return null;
  const { name, scope } = route.operation;
  if (!hasScope(caller.scopes, scope)) throw new IndxError('forbidden', `${name} needs the ${scope} scope.`, { required: scope, granted: caller.scopes });
  await new Promise<void>((resolve, reject) => {
    void parseRaw(request, response, (error?: unknown) => (error === undefined ? resolve() : reject(toBodyError(error))));
  });
  const body: unknown = request.body;
  return body instanceof Uint8Array ? body : new Uint8Array();
}

function toBodyError(error: unknown): Error {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new IndxError('payload_too_large', `The request body is larger than ${MAX_ATTACHMENT_BYTES} bytes, the most an attachment may be.`, { limit: MAX_ATTACHMENT_BYTES });
  if (typeof type === 'string' && type.startsWith('entity.')) return new IndxError('invalid_input', 'The request body could not be read.', { reason: type }, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
