/** Why the relay could not carry a message to the server. */
export type RelayFailureKind =
  /** The server answered 401, or 403 about the token (a missing scope): the token is missing, unknown, revoked or too weak. The relay fails closed. */
  | 'token_refused'
  /** The server answered 403 to the request's Host or Origin header (a tunnel or proxy in between): not about the token. */
  | 'request_refused'
  /** No server was found, or none answered, within the wait. */
  | 'server_unavailable'
  /** The server's answer stream ended before the answer (the server stopped mid-request). */
  | 'connection_lost';

/**
 * The JSON-RPC error code and the `data.code` of the relay's own answer for each failure: codes
 * from the implementation-defined server range (-32001 as the server's own 401 answers use it;
 * -32002 is avoided, 2025-era clients read it as "resource not found"), `data.code` from the CLI's
 * error codes.
 */
export const RELAY_ERRORS: Record<RelayFailureKind, { code: number; dataCode: string }> = {
  token_refused: { code: -32001, dataCode: 'unauthorized' },
  request_refused: { code: -32000, dataCode: 'forbidden' },
  server_unavailable: { code: -32000, dataCode: 'server_unavailable' },
  connection_lost: { code: -32000, dataCode: 'connection_lost' },
};

/** A failure of the relay itself (not an error the server answered), with what to do about it. */
export class RelayFailure extends Error {
  constructor(
    readonly kind: RelayFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RelayFailure';
  }
}

/** True when `value` is a {@link RelayFailure}, optionally of `kind`. */
export function isRelayFailure(value: unknown, kind?: RelayFailureKind): value is RelayFailure {
  return value instanceof RelayFailure && (kind === undefined || value.kind === kind);
}
