/**
 * System error codes of a connection that was never made, so no byte of the request can have
 * reached a server: refused, no such socket or address, no route, no name, connect timeout.
 * Deliberately absent: ECONNRESET, EPIPE and undici's UND_ERR_SOCKET ("other side closed"),
 * which also happen after the server has read the request.
 */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOENT', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** How deep a chain of `cause`s is followed. */
const MAX_CAUSE_DEPTH = 5;

/**
 * True when a failed `fetch` proves that the request was never sent: its error, or a cause of it
 * (fetch wraps the system error as `cause`), carries a code of a connection that was never made;
 * for an `AggregateError` (one connection attempt per address), every attempt does. Only such a
 * request may be sent again: any other failure may come after the server acted on it.
 */
export function isNeverSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof AggregateError && current.errors.length > 0) return current.errors.every(isNeverSent);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
