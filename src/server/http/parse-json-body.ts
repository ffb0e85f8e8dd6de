import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../core/json-depth';
import { sendFailure } from './envelope';

/**
 * The largest JSON body accepted (16 MiB): big notes fit, and so does an attachment of the
 * default 10 MiB limit in base64 (a third larger); runaway uploads get a clear 413.
 */
export const JSON_BODY_LIMIT = '16mb';

/** Parses JSON bodies up to {@link JSON_BODY_LIMIT} (any `Content-Type` naming JSON). */
export function parseJsonBody(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] });
}

/**
 * Refuses a JSON body nested deeper than {@link MAX_JSON_DEPTH} levels with 400 `invalid_input`
 * (a JSON-RPC error on `/mcp`) before anything walks it: on REST and MCP alike, including
 * requests such as `tools/list` that never reach an operation.
 */
export function limitJsonDepth(): RequestHandler {
  return (request, response, next) => {
    if (!exceedsJsonDepth(request.body)) return next();
    sendFailure(response, 'invalid_input', `The request body nests deeper than ${MAX_JSON_DEPTH} levels. Flatten the data.`, { max_depth: MAX_JSON_DEPTH });
  };
}

/**
 * Turns body-parser failures into errors: 413 `payload_too_large`, 400 `invalid_input` (with
 * `details.reason` the parser's failure type, `entity.parse.failed` for JSON that does not parse).
 */
export function bodyErrors(): ErrorRequestHandler {
  return (error: unknown, _request, response, next) => {
    // The body time limit answered and is closing the socket: the parser's abort is expected.
    if (response.locals.bodyTimedOut === true) return;
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return sendFailure(response, 'payload_too_large', `The request body is larger than ${JSON_BODY_LIMIT}. Split the content into several requests.`, { limit: JSON_BODY_LIMIT });
    if (typeof type === 'string' && type.startsWith('entity.') || type === 'charset.unsupported' || type === 'encoding.unsupported') return sendFailure(response, 'invalid_input', 'The request body is not valid JSON.', { reason: type });
    next(error);
  };
}
