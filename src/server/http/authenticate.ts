import type { RequestHandler } from 'express';
import type { TokenStore } from '../../core/auth/token-store';
import type { Caller } from '../../core/engine';
import { SCOPES } from '../../core/ops/scopes';
import { sendFailure } from './envelope';

/** How requests are authenticated: bearer tokens, or (tests only) not at all. */
export type AuthMode = 'token' | 'none';

/** The caller of a request made with `auth: 'none'`: every scope. */
export const ANONYMOUS_CALLER: Caller = { actor: 'anonymous', scopes: SCOPES };

/**
 * Requires `Authorization: Bearer <token>` and sets `res.locals.caller` to
 * `{actor: 'token:<name>', scopes}`; a missing or unknown token gets 401 with a JSON body.
 * With `auth: 'none'` (the conformance runner's test mode) every request acts with every scope.
 */
// Security: no OAuth metadata is ever advertised (no resource_metadata in the challenge, no
// .well-known routes): clients that see it prefer OAuth over the configured static header.
export function authenticate(tokens: TokenStore, mode: AuthMode): RequestHandler {
  return (request, response, next) => {
    if (mode === 'none') {
      response.locals.caller = ANONYMOUS_CALLER;
      return next();
    }
    const secret = bearerSecret(request.headers.authorization);
    void (secret === null ? Promise.resolve(null) : tokens.verify(secret)).then((identity) => {
      if (identity === null) return refuse(response, secret !== null);
      response.locals.caller = { actor: `token:${identity.name}`, scopes: identity.scopes } satisfies Caller;
      next();
    });
  };
}

function bearerSecret(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function refuse(response: Parameters<RequestHandler>[1], presented: boolean): void {
  response.setHeader('WWW-Authenticate', 'Bearer realm="indx"');
  const message = presented
    ? 'The bearer token is unknown or was revoked. Create one with "indx token create --vault DIR --name NAME --scopes vault:read".'
    : 'Authentication required: send "Authorization: Bearer <token>". Create a token with "indx token create --vault DIR --name NAME --scopes vault:read".';
  sendFailure(response, 'unauthorized', message);
}
