import { toNodeHandler, toWebRequest, type NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler, type McpServer } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Caller, Engine } from '../../core/engine';
import type { VaultEvent } from '../../core/vault/vault-host';
import type { McpEndpoint } from '../server-deps';
import { buildMcpServer } from './build-mcp-server';
import { callerFromAuthInfo, isCaller, toAuthInfo } from './caller-auth-info';
import type { McpEndpointSettings } from './create-mcp-endpoint';
import { LegacySessions } from './legacy-sessions';
import { publishModernChange } from './publish-modern-change';
import { ReplayCache } from './replay-cache';
import { toResourceChange } from './resource-change';
import type { ResourceSubscriptions } from './resource-subscriptions';
import { affectedUrisOf } from './vault-uris';
import { writeJsonRpcError } from './write-json-rpc-error';

/**
 * `/mcp` for both protocol eras. Each request is classified with the SDK's own predicate:
 * 2026-07-28 traffic goes to `createMcpHandler` (stateless, strict, `legacy: 'reject'`), 2025-era
 * traffic (initialize, session requests, GET, DELETE) to {@link LegacySessions}. Both build their
 * servers with {@link buildMcpServer} for the authenticated caller.
 *
 * Change notifications: the endpoint holds ONE listener on the vault host and one on the audit
 * log. Every event clears the replay cache; file events are fanned out to modern
 * `subscriptions/listen` streams and to legacy sessions' subscriptions.
 */
export class DualEraMcpEndpoint implements McpEndpoint {
  private readonly replay: ReplayCache;
  private readonly modern: McpHttpHandler;
  private readonly serveModern: NodeMcpRequestHandler;
  private readonly legacy: LegacySessions;
  private readonly unsubscribers: (() => void)[];

  constructor(
    private readonly engine: Engine,
    private readonly settings: McpEndpointSettings,
  ) {
    this.replay = new ReplayCache(settings.replayTtlMs, settings.clock);
    this.modern = createMcpHandler((context) => this.buildServer(callerFromAuthInfo(context.authInfo)), { legacy: 'reject', onerror: settings.onError });
    this.serveModern = toNodeHandler(this.modern, { onerror: settings.onError });
    this.legacy = new LegacySessions({
      createServer: (caller, subscriptions) => this.buildServer(caller, subscriptions),
      idleMs: settings.sessionIdleMs,
      sweepIntervalMs: settings.sweepIntervalMs,
      clock: settings.clock,
    });
    this.unsubscribers = [engine.host.on((event) => this.onVaultEvent(event)), engine.audit.subscribe(() => this.replay.clear())];
  }

  /** Serves one request; `response.locals.caller` must hold the authenticated caller. */
  async handle(request: Request, response: Response): Promise<void> {
    const caller: unknown = response.locals.caller;
    // Security: never serve a request the auth middleware did not authenticate, however mounted.
    if (!isCaller(caller)) return writeJsonRpcError(response, 401, -32001, 'Unauthorized');
    Object.assign(request, { auth: toAuthInfo(caller) });
    try {
      if (await isLegacyEra(request)) await this.legacy.handle(request, response, caller);
      else await this.serveModern(request, response, request.body);
    } catch (error: unknown) {
      this.settings.onError(error instanceof Error ? error : new Error(String(error)));
      writeJsonRpcError(response, 500, -32603, 'Internal error');
    }
  }

  /** Stops listening to the vault, closes every session and stream. */
  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    await this.legacy.close();
    await this.modern.close();
  }

  private buildServer(caller: Caller, subscriptions?: ResourceSubscriptions): McpServer {
    const { resources, prompts, resourcePageSize } = this.settings;
    return buildMcpServer({ engine: this.engine, caller, replay: this.replay, resources, prompts, resourcePageSize, ...(subscriptions === undefined ? {} : { subscriptions }) });
  }

  private onVaultEvent(event: VaultEvent): void {
    this.replay.clear();
    const change = toResourceChange(event);
    if (change === null) return;
    publishModernChange(this.modern.bus, change);
    this.legacy.publish(change, affectedUrisOf(change));
  }
}

/** GET, DELETE and body-less POSTs are 2025-era session traffic; a parsed POST asks the SDK. */
async function isLegacyEra(request: Request): Promise<boolean> {
  if (request.method !== 'POST' || request.body === undefined) return true;
  return isLegacyRequest(await toWebRequest(request, request.body), request.body);
}
