import { clearTimeout, setTimeout } from 'node:timers';
import type { RequestHandler } from 'express';
import { sendFailure } from './envelope';

/** How long a request body may take to arrive after its headers (default of {@link limitBodyTime}). */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * Cuts off a request whose body is still arriving `timeoutMs` after its headers: 408
 * `request_timeout` (a JSON-RPC error on `/mcp`), then the connection is closed, so a client
 * trickling a body cannot hold a socket and a parser for ever. Bodies on loopback arrive in
 * milliseconds; a request without a body, or whose body is in already, is not timed.
 */
export function limitBodyTime(timeoutMs: number = BODY_TIMEOUT_MS): RequestHandler {
  return (request, response, next) => {
    if (request.complete) return next();
    const timer = setTimeout(() => {
      if (request.complete) return;
      // Answered already (401, 413…) with the body left unread: nothing more to say, drop the socket.
      if (response.headersSent) return void request.socket.destroy();
      // No route runs on a body that completes after this answer, and the parser's abort stays quiet.
      request.pause();
      response.locals.bodyTimedOut = true;
      response.setHeader('Connection', 'close');
      response.once('finish', () => request.socket.destroy());
      sendFailure(response, 'request_timeout', `The request body did not arrive within ${timeoutMs / 1000} s of its headers. Send the whole body at once.`, { timeout_ms: timeoutMs });
    }, timeoutMs);
    timer.unref();
    const stop = (): void => clearTimeout(timer);
    request.once('end', stop);
    request.once('close', stop);
    next();
  };
}
