import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Caller } from '../../core/engine';
import { sendFailure } from './envelope';

/** Requests each token may make per window. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/** The default budget: generous for agents, a brake on a runaway loop. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 600, windowMs: 60_000 };

/**
 * Limits requests per authenticated caller (keyed by token name, after authentication); over
 * the limit a request gets 429 `rate_limited` with the standard `RateLimit` headers.
 */
export function limitRate(options: RateLimitOptions = DEFAULT_RATE_LIMIT): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_request, response) => (response.locals.caller as Caller).actor,
    handler: (_request, response) => sendFailure(response, 'rate_limited', `Too many requests: at most ${options.limit} per ${options.windowMs / 1000} s per token. Wait and retry.`, { limit: options.limit, window_ms: options.windowMs }),
  });
}
