import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { TokenStore } from '../../core/auth/token-store';
import type { Engine } from '../../core/engine';
import { createRestRouter } from '../rest/rest-router';
import type { IdempotencyCache } from '../rest/idempotency-cache';
import type { McpEndpoint } from '../server-deps';
import type { AuthFailureLimiter } from './auth-failure-limiter';
import { authenticate, type AuthMode } from './authenticate';
import { sendError, sendFailure } from './envelope';
import type { EventStreams } from './event-streams';
import { limitBodyTime } from './limit-body-time';
import { limitRate, type RateLimitOptions } from './limit-rate';
import { bodyErrors, limitJsonDepth, parseJsonBody } from './parse-json-body';
import { validateHost } from './validate-host';
import { validateOrigin } from './validate-origin';

/** What the express app is assembled from. */
export interface AppParts {
  engine: Engine;
  tokens: TokenStore;
  auth: AuthMode;
  /** The bound port, for Host validation (known once listening). */
  port: () => number;
  mcp: McpEndpoint | null;
  events: EventStreams;
  idempotency: IdempotencyCache;
  rateLimit?: RateLimitOptions;
  /** Failed authentications per remote address: past the limit, a failing request gets 429 (a valid token always passes). */
  authFailures: AuthFailureLimiter;
  /** How long a request body may take to arrive after its headers (default 30 s): 408 `request_timeout` past it. */
  bodyTimeoutMs?: number;
  /** The OpenAPI document of the operations offered now (built on first request, rebuilt when they change). */
  openapi: () => unknown;
}

/**
 * The express app, middleware in this order: Host validation, Origin validation, the body time
 * limit,
 * `GET /openapi.json` (public: it describes the API, not the vault), the failed-authentication
 * brake and bearer authentication, per-token rate limit, JSON body (16 MiB), then `/mcp`,
 * `/v1/events` and the REST routes. Everything else is a 404 in the error envelope; failures of
 * requests to `/mcp` are JSON-RPC error objects instead. No CORS headers are ever set.
 */
export function createApp(parts: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(markJsonRpcErrors(), validateHost(parts.port), validateOrigin(), limitBodyTime(parts.bodyTimeoutMs));
  app.get('/openapi.json', (_request, response) => void response.json(parts.openapi()));
  app.use(authenticate(parts.tokens, parts.auth, parts.authFailures), limitRate(parts.rateLimit), parseJsonBody(), bodyErrors(), limitJsonDepth());
  app.all('/mcp', mcpHandler(parts.mcp));
  app.get('/v1/events', parts.events.handler());
  app.use('/v1', createRestRouter(parts.engine, parts.idempotency));
  app.use((request, response) => sendFailure(response, 'not_found', `Nothing at ${request.method} ${request.path}. The REST API is under /v1 (see /openapi.json); MCP is at /mcp.`, { path: request.path }));
  app.use(lastResort());
  return app;
}

/** MCP clients parse JSON-RPC, not the REST envelope: mark `/mcp` so every failure speaks it. */
function markJsonRpcErrors(): RequestHandler {
  return (request, response, next) => {
    if (/^\/mcp\/?$/i.test(request.path)) response.locals.errorFormat = 'json-rpc';
    next();
  };
}

function mcpHandler(mcp: McpEndpoint | null): RequestHandler {
  return (request, response) => {
    if (mcp === null) return sendFailure(response, 'not_found', 'This server has no MCP endpoint.', {});
    mcp.handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      sendError(response, error);
    });
  };
}

function lastResort(): ErrorRequestHandler {
  return (error: unknown, _request, response, next) => {
    if (response.headersSent) return next(error);
    sendError(response, error);
  };
}
