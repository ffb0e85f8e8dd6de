import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { sendFailure } from './envelope';

/** The largest JSON body accepted: big notes fit, runaway uploads do not. */
export const JSON_BODY_LIMIT = '16mb';

/** Parses JSON bodies up to {@link JSON_BODY_LIMIT} (any `Content-Type` naming JSON). */
export function parseJsonBody(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] });
}

/** Turns body-parser failures into envelope errors: 413 `payload_too_large`, 400 `invalid_input`. */
export function bodyErrors(): ErrorRequestHandler {
  return (error: unknown, _request, response, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'entity.too.large') return sendFailure(response, 'payload_too_large', `The request body is larger than ${JSON_BODY_LIMIT}. Split the content into several requests.`, { limit: JSON_BODY_LIMIT });
    if (typeof type === 'string' && type.startsWith('entity.') || type === 'charset.unsupported' || type === 'encoding.unsupported') return sendFailure(response, 'invalid_input', 'The request body is not valid JSON.', { reason: type });
    next(error);
  };
}
