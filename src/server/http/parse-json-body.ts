import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { sendFailure } from './envelope';

/** The largest JSON body accepted (8 MiB): big notes fit, runaway uploads get a clear 413. */
export const JSON_BODY_LIMIT = '8mb';

/** Parses JSON bodies up to {@link JSON_BODY_LIMIT} (any `Content-Type` naming JSON). */
export function parseJsonBody(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] });
}

/**
 * Turns body-parser failures into errors: 413 `payload_too_large`, 400 `invalid_input` (with
 * `details.reason` the parser's failure type, `entity.parse.failed` for JSON that does not parse).
 */
export function bodyErrors(): ErrorRequestHandler {
  return (error: unknown, _request, response, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return sendFailure(response, 'payload_too_large', `The request body is larger than ${JSON_BODY_LIMIT}. Split the content into several requests.`, { limit: JSON_BODY_LIMIT });
    if (typeof type === 'string' && type.startsWith('entity.') || type === 'charset.unsupported' || type === 'encoding.unsupported') return sendFailure(response, 'invalid_input', 'The request body is not valid JSON.', { reason: type });
    next(error);
  };
}
