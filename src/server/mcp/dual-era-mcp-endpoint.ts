import { clearInterval, setInterval } from 'node:timers';
import { toNodeHandler, toWebRequest, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, ProtocolError, type McpHttpHandler, type McpServer, type Resource } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { TokenStore } from '../../core/auth/token-store';
import type { Caller, Engine } from '../../core/engine';
import type { VaultEvent } from '../../core/vault/vault-host';
import type { McpEndpoint } from '../server-deps';
import { AiResourceWatch } from './ai-resource-watch';
import { buildMcpServer } from './build-mcp-server';
import { callerFromAuthInfo, isCaller, toAuthInfo } from './caller-auth-info';
import type { McpEndpointSettings } from './create-mcp-endpoint';
import { GenerationCache } from './generation-cache';
import { LegacySessions } from './legacy-sessions';
import { ListenStreams, toListenRequest } from './listen-streams';
import { publishModernChange } from './publish-modern-change';
import { ReplayCache } from './replay-cache';
import { toResourceChange } from './resource-change';
import type { ResourceSubscriptions } from './resource-subscriptions';
import { tokenNameOf, toTokenActor } from './token-actor';
import { writeJsonRpcError } from './write-json-rpc-error';

/** What the endpoint needs of the token store: whether a token still stands, and word of revocations. */
export type RevocableTokens = Pick<TokenStore, 'isActive' | 'onRevoked'>;

/** Full `resources/list` listings kept at once: one per distinct scope set is plenty. */
const LISTING_CAPACITY = 8;
const REVOKED = 'The token was revoked; this subscription has ended.';

/**
 * `/mcp` for both protocol eras. Each request is classified with the SDK's own predicate:
 * 2026-07-28 traffic goes to `createMcpHandler` (stateless, strict, `legacy: 'reject'`), 2025-era
 * traffic (initialize, session requests, GET, DELETE) to {@link LegacySessions}. Both build their
 * servers with {@link buildMcpServer} for the authenticated caller.
 *
 * Change notifications: the endpoint holds ONE listener on the vault host and one on the audit
 * log. Every event clears the replay cache and the `resources/list` listings; file events are
 * matched against each open `subscriptions/listen` stream's filter (tracked here, as every listen
 * request passes through {@link handle}) and each legacy session's subscriptions, by one rule.
 *
 * Live AI resources (`ai://summary/…`, `ai://moc/…`): subscriptions in either era are primed
 * when made and re-derived on relevant changes by one {@link AiResourceWatch}, which publishes
 * `resources/updated` for the exact subscribed URI.
 *
 * Revocation: when the token store reports a revoked token, and on every sweep tick (a token
 * revoked by another process), the token's legacy sessions are closed and its listen streams
 * ended, so a revoked token keeps no stream open.
 */
export class DualEraMcpEndpoint implements McpEndpoint {
  private readonly replay: ReplayCache;
  private readonly listings: GenerationCache<Resource[]>;
  private readonly modern: McpHttpHandler;
  private readonly serveModern: NodeMcpRequestHandler;
  private readonly legacy: LegacySessions;
  private readonly listens = new ListenStreams();
  private readonly aiWatch: AiResourceWatch;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly unsubscribers: (() => void)[];
  private checkingTokens = false;

  constructor(
    private readonly engine: Engine,
    private readonly tokens: RevocableTokens,
    private readonly settings: McpEndpointSettings,
  ) {
    this.replay = new ReplayCache(settings.replayTtlMs, settings.clock);
    this.listings = new GenerationCache(settings.replayTtlMs, settings.clock, LISTING_CAPACITY);
    this.modern = createMcpHandler((context) => this.buildServer(callerFromAuthInfo(context.authInfo)), { legacy: 'reject', onerror: settings.onError });
    this.serveModern = toNodeHandler(this.modern, { onerror: settings.onError });
    this.legacy = new LegacySessions({
      createServer: (caller, subscriptions) => this.buildServer(caller, subscriptions),
      idleMs: settings.sessionIdleMs,
      maxSessionsPerToken: settings.maxSessionsPerToken,
      clock: settings.clock,
    });
    this.aiWatch = new AiResourceWatch({ engine, publish: (uri) => this.publishUri(uri), delayMs: settings.aiRederiveDelayMs, onError: settings.onError });
    this.unsubscribers = [
      engine.host.on((event) => this.onVaultEvent(event)),
      engine.audit.subscribe(() => this.clearCaches()),
      tokens.onRevoked((names) => void this.endTokens(names)),
    ];
    this.sweeper = setInterval(() => this.sweep(), settings.sweepIntervalMs);
    this.sweeper.unref();
  }

  /** Serves one request; `response.locals.caller` must hold the authenticated caller. */
  async handle(request: Request, response: Response): Promise<void> {
    const caller: unknown = response.locals.caller;
    // Security: never serve a request the auth middleware did not authenticate, however mounted.
    if (!isCaller(caller)) return writeJsonRpcError(response, 401, -32001, 'Unauthorized');
    Object.assign(request, { auth: toAuthInfo(caller) });
    try {
      if (await isLegacyEra(request)) await this.legacy.handle(request, response, caller);
      else await this.handleModern(request, response, caller);
    } catch (error: unknown) {
      this.settings.onError(toError(error));
      writeJsonRpcError(response, 500, -32603, 'Internal error');
    }
  }

  /** Stops listening to the vault and the token store, closes every session and stream. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.aiWatch.close();
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    await this.legacy.close();
    await this.modern.close();
  }

  /** A `subscriptions/listen` request is tracked (who, which filter) before the SDK serves it. */
  private async handleModern(request: Request, response: Response, caller: Caller): Promise<void> {
    const listen = toListenRequest(request.body);
    if (listen !== null) {
      const limit = this.settings.maxListenStreamsPerToken;
      // The newest is refused: ending an older stream would silently cut off a working client.
      // As the listen request's JSON-RPC error (HTTP 200, like the subscription limit), which
      // clients surface as an error of the call; an HTTP 429 reaches SDK clients as a transport failure.
      if (this.listens.countOf(caller.actor) >= limit) {
        const message = `Too many subscriptions/listen streams: this token holds ${limit}. Close one, or put several URIs in one stream's resourceSubscriptions, or give this client its own token.`;
        return writeJsonRpcError(response, 200, -32000, message, { id: listen.id, data: { code: 'rate_limited', details: { max_listen_streams: limit } } });
      }
      try {
        this.listens.track(caller, listen, response);
      } catch (error: unknown) {
        if (!(error instanceof ProtocolError)) throw error;
        return writeJsonRpcError(response, 200, error.code, error.message, { id: listen.id });
      }
      for (const uri of listen.resourceSubscriptions) this.aiWatch.prime(uri, caller);
    }
    await this.serveModern(request, response, request.body);
  }

  private buildServer(caller: Caller, subscriptions?: ResourceSubscriptions): McpServer {
    const { resources, prompts, resourcePageSize } = this.settings;
    const setup = { engine: this.engine, caller, replay: this.replay, listings: this.listings, resources, prompts, resourcePageSize, aiWatch: this.aiWatch };
    return buildMcpServer({ ...setup, ...(subscriptions === undefined ? {} : { subscriptions }) });
  }

  private onVaultEvent(event: VaultEvent): void {
    this.clearCaches();
    const change = toResourceChange(event);
    if (change === null) return;
    publishModernChange(this.modern.bus, change, this.listens.subscriptions());
    this.legacy.publish(change);
    this.aiWatch.onChange(change, [...this.legacy.subscribers(), ...this.listens.subscribers()]);
  }

  /** Tells the subscribers of exactly `uri` (a live AI resource) that it changed, in both eras. */
  private publishUri(uri: string): void {
    this.modern.bus.publish({ kind: 'resource_updated', uri });
    this.legacy.notify(uri);
  }

  private clearCaches(): void {
    this.replay.clear();
    this.listings.clear();
  }

  private sweep(): void {
    this.legacy.sweep();
    void this.endRevokedTokens();
  }

  /** Ends the sessions and streams of tokens that no longer stand (revoked by another process). */
  private async endRevokedTokens(): Promise<void> {
    if (this.checkingTokens) return;
    this.checkingTokens = true;
    try {
      const names = [...new Set([...this.legacy.actors(), ...this.listens.actors()])].map(tokenNameOf).filter((name) => name !== null);
      const revoked = await Promise.all(names.map(async (name) => ((await this.tokens.isActive(name)) ? null : name)));
      await this.endTokens(revoked.filter((name) => name !== null));
    } catch (error: unknown) {
      this.settings.onError(toError(error));
    } finally {
      this.checkingTokens = false;
    }
  }

  private async endTokens(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const actors = new Set(names.map(toTokenActor));
    this.listens.end(actors, REVOKED);
    await this.legacy.end(actors);
  }
}

/** GET, DELETE and body-less POSTs are 2025-era session traffic; a parsed POST asks the SDK. */
async function isLegacyEra(request: Request): Promise<boolean> {
  if (request.method !== 'POST' || request.body === undefined) return true;
  return isLegacyRequest(await toWebRequest(request, request.body), request.body);
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
