import type { RequestHandler } from 'express';
import { sendFailure } from './envelope';
import { LOOPBACK_HOSTNAMES } from './loopback';

/**
 * Refuses (403) any request whose `Host` header is not a loopback name with the server's port:
 * `127.0.0.1:<port>`, `localhost:<port>` or `[::1]:<port>`; and (400 `invalid_input`) a request
 * with more than one `Host` header (RFC 9112 §3.2: Node keeps the first, a proxy might use another).
 */
// Security: DNS rebinding. A web page on attacker.example can make its name resolve to
// 127.0.0.1, but the browser still sends `Host: attacker.example:<port>`.
export function validateHost(port: () => number): RequestHandler {
  return (request, response, next) => {
    if (countHostHeaders(request.rawHeaders) > 1) {
      sendFailure(response, 'invalid_input', 'The request has more than one Host header. Send exactly one (RFC 9112).', {});
      return;
    }
    const host = (request.headers.host ?? '').toLowerCase();
    if (LOOPBACK_HOSTNAMES.some((name) => host === `${name}:${port()}`)) return next();
    sendFailure(response, 'forbidden', 'The Host header does not name this server on the loopback interface. Connect to http://127.0.0.1:<port>.', { host: request.headers.host ?? null });
  };
}

function countHostHeaders(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) if (rawHeaders[index]?.toLowerCase() === 'host') count += 1;
  return count;
}
