import type { Response } from 'express';
import { IndxError, isIndxError, type ErrorCode } from '../../core/errors';
import { errorHeadersOf } from './error-headers';
import { ERROR_STATUS } from './error-status';
import { toJsonRpcErrorBody } from './json-rpc-error-body';

/** The body of every failed response: `{ok: false, error: {code, message, details}}`. */
export interface ErrorEnvelope {
  ok: false;
  error: { code: ErrorCode; message: string; details: Record<string, unknown> };
}

/** Sends `{ok: true, data}` with `status`. */
export function sendData(response: Response, data: unknown, status = 200): void {
  response.status(status).json({ ok: true, data });
}

/**
 * The status and envelope of an error. Anything that is not an `IndxError` becomes a generic
 * `internal_error`: raw exception text never leaves the server.
 */
export function toErrorEnvelope(error: unknown): { status: number; headers: Record<string, string>; body: ErrorEnvelope } {
  const known = toIndxError(error);
  return { status: ERROR_STATUS[known.code], headers: errorHeadersOf(known), body: { ok: false, error: { code: known.code, message: known.message, details: known.details } } };
}

/**
 * Sends an error in the envelope, with the status of its code and its headers (`Retry-After`
 * for a quota error, see `errorHeadersOf`). On a response marked with
 * `res.locals.errorFormat = 'json-rpc'` (requests to `/mcp`) the body is a JSON-RPC error
 * object instead, with the same status.
 */
export function sendError(response: Response, error: unknown): void {
  const { status, headers, body } = toErrorEnvelope(error);
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (response.locals.errorFormat === 'json-rpc') return void response.status(status).json(toJsonRpcErrorBody(body.error.code, body.error.message, body.error.details));
  response.status(status).json(body);
}

/** Builds and sends an error from its parts. */
export function sendFailure(response: Response, code: ErrorCode, message: string, details: Record<string, unknown> = {}): void {
  sendError(response, new IndxError(code, message, details));
}

function toIndxError(error: unknown): IndxError {
  if (isIndxError(error)) return error;
  console.error('indx: unexpected error while serving a request', error);
  return new IndxError('internal_error', 'The server failed unexpectedly. The error was logged; try again.');
}
