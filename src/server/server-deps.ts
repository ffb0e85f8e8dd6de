import type { Engine, Caller } from '../core/engine';
import type { TokenStore } from '../core/auth/token-store';

/** What every surface of the HTTP server is built from. */
export interface ServerDeps {
  engine: Engine;
  /**
   * The bearer tokens. Long-lived surfaces (sessions, streams) must stop serving a revoked
   * token: `tokens.isActive(name)` re-checks one (re-reading the token file when stale) and
   * `tokens.onRevoked(listener)` hears names as soon as a re-read or an in-process revoke
   * notices them gone. The token name of a request is `res.locals.tokenName`.
   */
  tokens: TokenStore;
  /** The server's public base URL once listening, e.g. `http://127.0.0.1:27643`. */
  baseUrl(): string;
  clock: () => number;
}

/** The caller an authenticated request acts as; set on `res.locals.caller` by the auth middleware. */
export type RequestCaller = Caller;

/**
 * The MCP endpoint mounted at `/mcp` (both protocol eras). `handle` is called for POST, GET and
 * DELETE after Host/Origin validation, authentication (`res.locals.caller`, and
 * `res.locals.tokenName`: the token's name, null when authentication is off) and JSON body
 * parsing (`req.body`). Failures before `handle` (401, 403, 413, 429, unparsable JSON) are
 * already answered as JSON-RPC error objects. `close` ends every session and stream.
 */
export interface McpEndpoint {
  handle(request: import('express').Request, response: import('express').Response): Promise<void>;
  close(): Promise<void>;
}
