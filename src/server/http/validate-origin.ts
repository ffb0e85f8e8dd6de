import type { RequestHandler } from 'express';
import { sendFailure } from './envelope';
import { isLoopbackHostname } from './loopback';

/** App origins allowed besides loopback web origins: Obsidian's own renderer. */
export const ALLOWED_APP_ORIGINS: readonly string[] = ['app://obsidian.md'];

/**
 * Refuses (403) a request carrying an `Origin` that is neither an allowed app origin nor an
 * http(s) origin on the loopback interface. Requests without `Origin` (CLI tools, MCP clients
 * outside a browser) pass. No CORS headers are ever sent, so browsers cannot make credentialed
 * cross-origin calls either.
 */
// Security: the MCP transport spec requires 403 for an invalid Origin; a DNS-rebinding or CSRF
// attacker always has an http(s) origin that is not loopback.
export function validateOrigin(): RequestHandler {
  return (request, response, next) => {
    const origin = request.headers.origin;
    if (origin === undefined || isAllowedOrigin(origin)) return next();
    sendFailure(response, 'forbidden', 'Requests from this Origin are not allowed. indx accepts requests from local tools, Obsidian and pages served from 127.0.0.1 only.', { origin });
  };
}

/** True for `app://obsidian.md` and http(s) origins whose host is loopback. */
export function isAllowedOrigin(origin: string): boolean {
  if (ALLOWED_APP_ORIGINS.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHostname(url.hostname) && url.origin === origin.toLowerCase();
  } catch {
    return false;
  }
}
