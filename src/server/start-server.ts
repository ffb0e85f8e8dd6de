import { createServer, type Server } from 'node:http';
import { clearInterval, setInterval } from 'node:timers';
import type { AddressInfo } from 'node:net';
import type { TokenStore } from '../core/auth/token-store';
import { DEFAULT_PORT } from '../core/config/vault-config';
import type { Engine } from '../core/engine';
import { IndxError, isIndxError } from '../core/errors';
import { ENGINE_VERSION } from '../core/version';
import { AuthFailureLimiter } from './http/auth-failure-limiter';
import type { AuthMode } from './http/authenticate';
import { createApp } from './http/create-app';
import { EventStreams } from './http/event-streams';
import type { RateLimitOptions } from './http/limit-rate';
import { LOOPBACK_ADDRESS } from './http/loopback';
import { IdempotencyCache, type IdempotencyOptions } from './rest/idempotency-cache';
import { createOfferedOpenApi } from './rest/openapi/offered-openapi';
import type { McpEndpoint, ServerDeps } from './server-deps';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  engine: Engine;
  tokens: TokenStore;
  /** Port on 127.0.0.1 (default 27643); 0 picks a free one. */
  port?: number;
  /**
   * How many ports after `port` to try in turn while each is taken (default 0: `port` or a
   * `conflict` error). The Obsidian plugin passes a few, so a second vault open at once gets a
   * port of its own; `indx serve` keeps the port it is given.
   */
  portFallbacks?: number;
  /** Only `127.0.0.1` is accepted: indx never listens on another interface. */
  host?: string;
  clock?: () => number;
  /** Builds the MCP endpoint mounted at `/mcp`; without it `/mcp` is 404. */
  mcp?: (deps: ServerDeps) => McpEndpoint;
  /** `token` (default) requires a bearer token; `none` is a test-only mode granting every scope. */
  auth?: AuthMode;
  rateLimit?: RateLimitOptions;
  /** Failed authentications allowed per remote address (default 60 per minute, then 429). */
  authFailureLimit?: RateLimitOptions;
  idempotency?: IdempotencyOptions;
  /** How long a request body may take to arrive after its headers (default 30 s), then 408 `request_timeout`. */
  bodyTimeoutMs?: number;
  /** Interval of keep-alive comments on `/v1/events` (default 15 s). */
  eventsKeepAliveMs?: number;
  /** Bytes of events queued for a client that stopped reading before its stream is closed (default 1 MiB). */
  eventsMaxQueuedBytes?: number;
  /** How often the token file is re-read so a revocation by another process ends open streams (default 500 ms). */
  tokenWatchMs?: number;
}

/**
 * Re-reading the token file this often bounds how long a token revoked by another process (the
 * `indx token` CLI, the plugin's settings tab beside a headless server) keeps an open stream: the
 * README promises "within a second". One read of a small file twice a second.
 */
const TOKEN_WATCH_MS = 500;

/** A listening server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:27643`. */
  url: string;
  port: number;
  /** Ends every stream and connection; resolves once the port is free. */
  close(): Promise<void>;
}

/** Starts the HTTP server (MCP at `/mcp`, REST under `/v1`, `/openapi.json`) on the loopback interface. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? LOOPBACK_ADDRESS;
  // Security: the vault is served to local agents only; another interface would expose it.
  if (host !== LOOPBACK_ADDRESS) throw new IndxError('invalid_input', `indx listens on ${LOOPBACK_ADDRESS} only, not on "${host}".`, { host });
  let port = 0;
  const clock = options.clock ?? Date.now;
  const deps: ServerDeps = { engine: options.engine, tokens: options.tokens, baseUrl: () => `http://${LOOPBACK_ADDRESS}:${port}`, clock };
  const mcp = options.mcp?.(deps) ?? null;
  const events = new EventStreams({ engine: options.engine, tokens: options.tokens, keepAliveMs: options.eventsKeepAliveMs, maxQueuedBytes: options.eventsMaxQueuedBytes });
  const app = createApp({
    engine: options.engine,
    tokens: options.tokens,
    auth: options.auth ?? 'token',
    port: () => port,
    mcp,
    events,
    idempotency: new IdempotencyCache({ clock, ...options.idempotency }),
    rateLimit: options.rateLimit,
    ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
    authFailures: new AuthFailureLimiter(options.authFailureLimit, clock),
    openapi: createOfferedOpenApi(options.engine, () => ({ version: ENGINE_VERSION, serverUrl: deps.baseUrl() })),
  });
  const server = createServer(app);
  try {
    port = await listenInRange(server, options.port ?? DEFAULT_PORT, options.portFallbacks ?? 0, host);
  } catch (error: unknown) {
    // No port: the parts already made for the server must not outlive it (the engine's listeners).
    events.close();
    await mcp?.close();
    throw error;
  }
  // Streams end on the token store's onRevoked, which hears another process's revocation at a re-read.
  const tokenWatch = setInterval(() => void options.tokens.refresh(), options.tokenWatchMs ?? TOKEN_WATCH_MS);
  tokenWatch.unref();
  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    clearInterval(tokenWatch);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    events.close();
    await mcp?.close();
    server.closeAllConnections();
    await stopped;
    await options.tokens.flush();
  };
  return { url: deps.baseUrl(), port, close: () => (closing ??= close()) };
}

/**
 * Listens on the first free port of `first` .. `first + fallbacks` (never past 65535); when every
 * one is taken, a `conflict` error naming the range (`details.port` is `first`, `details.last_port`
 * the last port tried). Port 0 asks the system for a free port: nothing to fall back from.
 */
async function listenInRange(server: Server, first: number, fallbacks: number, host: string): Promise<number> {
  const last = first === 0 ? 0 : Math.min(first + Math.max(0, fallbacks), 65535);
  for (let port = first; ; port += 1) {
    try {
      return await listen(server, port, host);
    } catch (error: unknown) {
      if (!isIndxError(error, 'conflict')) throw error;
      if (port < last) continue;
      if (last === first) throw error;
      throw new IndxError('conflict', `Ports ${first} to ${last} on ${host} are all in use. Stop the other servers or choose another port.`, { port: first, last_port: last }, { cause: error });
    }
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const inUse = error.code === 'EADDRINUSE';
      reject(inUse ? new IndxError('conflict', `Port ${port} on ${host} is already in use. Stop the other server or choose another port (--port).`, { port }, { cause: error }) : error);
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}
