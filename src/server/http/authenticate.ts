import type { Request, RequestHandler, Response } from 'express';
import type { TokenStore } from '../../core/auth/token-store';
import type { Caller } from '../../core/engine';
import { SCOPES } from '../../core/ops/scopes';
import type { AuthFailureLimiter } from './auth-failure-limiter';
import { sendFailure } from './envelope';

/** How requests are authenticated: bearer tokens, or (tests only) not at all. */
export type AuthMode = 'token' | 'none';

/** The caller of a request made with `auth: 'none'`: every scope. */
export const ANONYMOUS_CALLER: Caller = { actor: 'anonymous', scopes: SCOPES };

/**
 * Requires `Authorization: Bearer <token>` and sets `res.locals.caller` to
 * `{actor: 'token:<name>', scopes}` and `res.locals.tokenName` to the token's name; a missing or
 * unknown token gets 401 with a JSON body, or 429 once its address failed too often recently.
 * A valid token is never refused for other callers' failures (issue 14): every local process
 * shares 127.0.0.1, so a brake checked before the token would let any of them, a web page's
 * image tags included, lock every client out. Guessing is still answered 429 and logged in the
 * failure count; a 256-bit secret is not guessed in any case. With `auth: 'none'` (the conformance runner's test mode)
 * every request acts with every scope and `res.locals.tokenName` is null.
 */
// Security: no OAuth metadata is ever advertised (no resource_metadata in the challenge, no
// .well-known routes): clients that see it prefer OAuth over the configured static header.
export function authenticate(tokens: TokenStore, mode: AuthMode, failures: AuthFailureLimiter): RequestHandler {
  return (request, response, next) => {
    if (mode === 'none') {
      response.locals.caller = ANONYMOUS_CALLER;
      response.locals.tokenName = null;
      return next();
    }
    const secret = bearerSecret(request.headers.authorization);
    void (secret === null ? Promise.resolve(null) : tokens.verify(secret)).then((identity) => {
      if (identity === null) {
        const waitMs = failures.retryAfterMs(request.socket.remoteAddress ?? 'unknown');
        return waitMs > 0 ? refuseFlood(response, failures, waitMs) : refuse(request, response, failures, secret !== null);
      }
      response.locals.caller = { actor: `token:${identity.name}`, scopes: identity.scopes, ...(identity.tools === undefined ? {} : { tools: identity.tools }) } satisfies Caller;
      response.locals.tokenName = identity.name;
      next();
    });
  };
}

function bearerSecret(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function refuse(request: Request, response: Response, failures: AuthFailureLimiter, presented: boolean): void {
  failures.recordFailure(request.socket.remoteAddress ?? 'unknown');
  response.setHeader('WWW-Authenticate', 'Bearer realm="indx"');
  const message = presented
    ? 'The bearer token is unknown or was revoked. Create one with "indx token create --vault DIR --name NAME --scopes vault:read".'
    : 'Authentication required: send "Authorization: Bearer <token>". Create a token with "indx token create --vault DIR --name NAME --scopes vault:read".';
  sendFailure(response, 'unauthorized', message);
}

function refuseFlood(response: Response, failures: AuthFailureLimiter, waitMs: number): void {
  const { limit, windowMs } = failures.limits;
  response.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendFailure(response, 'rate_limited', `Too many failed authentications from this address (at most ${limit} per ${windowMs / 1000} s). Fix the token, then retry after ${Math.ceil(waitMs / 1000)} s.`, { limit, window_ms: windowMs, retry_after_ms: waitMs });
}
