import { randomUUID } from 'node:crypto';
import { clearInterval, setInterval } from 'node:timers';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, type McpServer } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Caller } from '../../core/engine';
import { isSameCaller } from './caller-auth-info';
import { closeLegacySession, type LegacySession } from './legacy-session';
import type { ResourceChange } from './resource-change';
import { ResourceSubscriptions } from './resource-subscriptions';
import { writeJsonRpcError } from './write-json-rpc-error';

/** Options of {@link LegacySessions}. */
export interface LegacySessionsOptions {
  createServer(caller: Caller, subscriptions: ResourceSubscriptions): McpServer;
  /** A session without requests or open streams for this long is closed. */
  idleMs: number;
  sweepIntervalMs: number;
  clock: () => number;
}

/**
 * The sessionful 2025-11-25 leg of `/mcp`: `initialize` opens a session (`Mcp-Session-Id`), GET
 * opens its notification stream, DELETE ends it, idle sessions are swept. An unknown or ended
 * session id is 404 so clients re-initialize; a request without one that is not `initialize` is
 * 400. Security: a session is bound to the token that opened it (same actor and scopes); any
 * other token presenting its id gets the same 404 as an unknown id, so ids cannot be probed.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(private readonly options: LegacySessionsOptions) {
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs);
    this.sweeper.unref();
  }

  /** How many sessions are open. */
  get size(): number {
    return this.sessions.size;
  }

  /** Serves one legacy request (its `auth` already set) for `caller`. */
  async handle(request: Request, response: Response, caller: Caller): Promise<void> {
    if (this.closed) return writeJsonRpcError(response, 503, -32000, 'The server is shutting down');
    const id = request.headers['mcp-session-id'];
    if (typeof id !== 'string') return this.handleWithoutSession(request, response, caller);
    const session = this.sessions.get(id);
    if (session === undefined || !isSameCaller(session.caller, caller)) return writeJsonRpcError(response, 404, -32001, 'Session not found');
    await this.serve(session, request, response);
  }

  /** Sends `resources/updated` to each session subscribed to the change, and `list_changed` to all when the list changed. */
  publish(change: ResourceChange, affected: ReadonlySet<string>): void {
    for (const session of this.sessions.values()) {
      for (const uri of session.subscriptions.notificationsFor(change, affected)) session.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      if (change.listChanged) session.server.sendResourceListChanged();
    }
  }

  /** Stops the sweeper and closes every session. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((session) => this.end(session)));
  }

  private async handleWithoutSession(request: Request, response: Response, caller: Caller): Promise<void> {
    if (request.method !== 'POST' || !isInitializeRequest(request.body)) {
      return writeJsonRpcError(response, 400, -32000, 'Bad Request: no Mcp-Session-Id; start a session with initialize');
    }
    await this.open(request, response, caller);
  }

  private async open(request: Request, response: Response, caller: Caller): Promise<void> {
    const subscriptions = new ResourceSubscriptions();
    const server = this.options.createServer(caller, subscriptions);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.sessions.set(id, { id, transport, server, caller, subscriptions, lastSeen: this.options.clock(), openStreams: 0 }),
      onsessionclosed: (id) => void this.sessions.delete(id),
    });
    await server.connect(transport);
    server.server.onclose = () => this.forget(transport.sessionId);
    await transport.handleRequest(request, response, request.body);
    if (transport.sessionId === undefined || !this.sessions.has(transport.sessionId)) await closeLegacySession({ transport, server });
  }

  private async serve(session: LegacySession, request: Request, response: Response): Promise<void> {
    session.lastSeen = this.options.clock();
    if (request.method === 'GET') this.trackStream(session, response);
    await session.transport.handleRequest(request, response, request.body);
    session.lastSeen = this.options.clock();
  }

  private trackStream(session: LegacySession, response: Response): void {
    session.openStreams += 1;
    response.once('close', () => {
      session.openStreams -= 1;
      session.lastSeen = this.options.clock();
    });
  }

  private sweep(): void {
    const now = this.options.clock();
    for (const session of this.sessions.values()) {
      if (session.openStreams === 0 && now - session.lastSeen >= this.options.idleMs) void this.end(session);
    }
  }

  private async end(session: LegacySession): Promise<void> {
    this.sessions.delete(session.id);
    await closeLegacySession(session);
  }

  private forget(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }
}
