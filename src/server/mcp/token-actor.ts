/** The actor prefix of a caller authenticated by a bearer token (`token:<name>`). */
const TOKEN_ACTOR_PREFIX = 'token:';

/** The actor of the token `name`, as the auth middleware names callers. */
export function toTokenActor(name: string): string {
  return `${TOKEN_ACTOR_PREFIX}${name}`;
}

/** The token name of `actor`, or null when the caller is no token (e.g. `anonymous`). */
export function tokenNameOf(actor: string): string | null {
  return actor.startsWith(TOKEN_ACTOR_PREFIX) ? actor.slice(TOKEN_ACTOR_PREFIX.length) : null;
}
