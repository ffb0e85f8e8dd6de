import { randomUUID } from 'node:crypto';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, type McpServer } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { Caller } from '../../core/engine';
import { isSameCaller } from './caller-auth-info';
import { closeLegacySession, isIdleSession, type LegacySession } from './legacy-session';
import type { ResourceChange } from './resource-change';
import { ResourceSubscriptions } from './resource-subscriptions';
import { writeJsonRpcError } from './write-json-rpc-error';

/** Options of {@link LegacySessions}. */
export interface LegacySessionsOptions {
  createServer(caller: Caller, subscriptions: ResourceSubscriptions): McpServer;
  /** A session without requests or open streams for this long is closed by {@link LegacySessions.sweep}. */
  idleMs: number;
  /** The most sessions one token (actor) holds at once. */
  maxSessionsPerToken: number;
  clock: () => number;
}

/**
 * The sessionful 2025-11-25 leg of `/mcp`: `initialize` opens a session (`Mcp-Session-Id`), GET
 * opens its notification stream, DELETE ends it, idle sessions are swept. An unknown or ended
 * session id is 404 so clients re-initialize; a request without one that is not `initialize` is
 * 400. Security: a session is bound to the token that opened it (same actor and scopes); any
 * other token presenting its id gets the same 404 as an unknown id, so ids cannot be probed. A
 * token holds at most `maxSessionsPerToken` sessions: one more `initialize` is refused with 429
 * (`rate_limited`). The newest is refused rather than an older one closed: a session without a
 * request in flight may still be another client's, between two calls, and closing it would give
 * that client a 404 mid-work. Abandoned sessions free their slot at the idle sweep (or DELETE).
 */
export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();
  /** Sessions being opened per actor, counted against the cap until they are registered. */
  private readonly opening = new Map<string, number>();
  private closed = false;

  constructor(private readonly options: LegacySessionsOptions) {}

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
  publish(change: ResourceChange): void {
    for (const session of this.sessions.values()) {
      for (const uri of session.subscriptions.notificationsFor(change)) session.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      if (change.listChanged) session.server.sendResourceListChanged();
    }
  }

  /** Sends `resources/updated` for `uri` to each session subscribed to exactly that URI (a live AI resource that changed). */
  notify(uri: string): void {
    for (const session of this.sessions.values()) {
      if (session.subscriptions.uris().includes(uri)) session.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
  }

  /** Every subscription of every session, with the session's caller. */
  subscribers(): { uri: string; caller: Caller }[] {
    return [...this.sessions.values()].flatMap((session) => session.subscriptions.uris().map((uri) => ({ uri, caller: session.caller })));
  }

  /** The actors holding a session. */
  actors(): Set<string> {
    return new Set([...this.sessions.values()].map((session) => session.caller.actor));
  }

  /** Closes every session of `actors` (their tokens were revoked), streams included. */
  async end(actors: ReadonlySet<string>): Promise<void> {
    const ended = [...this.sessions.values()].filter((session) => actors.has(session.caller.actor));
    await Promise.all(ended.map((session) => this.endSession(session)));
  }

  /** Closes the sessions idle for longer than `idleMs`. */
  sweep(): void {
    const now = this.options.clock();
    for (const session of this.sessions.values()) {
      if (isIdleSession(session) && now - session.lastSeen >= this.options.idleMs) void this.endSession(session);
    }
  }

  /** Closes every session; later requests are refused with 503. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.sessions.values()].map((session) => this.endSession(session)));
  }

  private async handleWithoutSession(request: Request, response: Response, caller: Caller): Promise<void> {
    if (request.method !== 'POST' || !isInitializeRequest(request.body)) {
      return writeJsonRpcError(response, 400, -32000, 'Bad Request: no Mcp-Session-Id; start a session with initialize');
    }
    if (!this.hasRoom(caller.actor)) {
      const limit = this.options.maxSessionsPerToken;
      const minutes = Math.round(this.options.idleMs / 60_000);
      const message = `Too many sessions: this token holds ${limit}. End one with DELETE /mcp (a session unused for ${minutes} min ends by itself), or give this client its own token, then initialize again.`;
      return writeJsonRpcError(response, 429, -32000, message, { data: { code: 'rate_limited', details: { max_sessions: limit } } });
    }
    await this.open(request, response, caller);
  }

  /** True when `actor` may open one more session (those being opened count). */
  private hasRoom(actor: string): boolean {
    let own = this.opening.get(actor) ?? 0;
    for (const session of this.sessions.values()) if (session.caller.actor === actor) own += 1;
    return own < this.options.maxSessionsPerToken;
  }

  private async open(request: Request, response: Response, caller: Caller): Promise<void> {
    const release = this.reserve(caller.actor);
    const subscriptions = new ResourceSubscriptions();
    const server = this.options.createServer(caller, subscriptions);
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        release();
        this.sessions.set(id, { id, transport, server, caller, subscriptions, lastSeen: this.options.clock(), openStreams: 0, activeRequests: 0 });
      },
      onsessionclosed: (id) => void this.sessions.delete(id),
    });
    try {
      await server.connect(transport);
      const closing = server.server.onclose;
      server.server.onclose = () => {
        closing?.();
        this.forget(transport.sessionId);
      };
      await transport.handleRequest(request, response, request.body);
    } finally {
      release();
    }
    if (transport.sessionId === undefined || !this.sessions.has(transport.sessionId)) await closeLegacySession({ transport, server });
  }

  /** Counts a session being opened by `actor`; the returned function (idempotent) stops counting it. */
  private reserve(actor: string): () => void {
    this.opening.set(actor, (this.opening.get(actor) ?? 0) + 1);
    let reserved = true;
    return () => {
      if (!reserved) return;
      reserved = false;
      const left = (this.opening.get(actor) ?? 1) - 1;
      if (left === 0) this.opening.delete(actor);
      else this.opening.set(actor, left);
    };
  }

  private async serve(session: LegacySession, request: Request, response: Response): Promise<void> {
    session.lastSeen = this.options.clock();
    if (request.method === 'GET') this.trackStream(session, response);
    session.activeRequests += 1;
    try {
      await session.transport.handleRequest(request, response, request.body);
    } finally {
      session.activeRequests -= 1;
      session.lastSeen = this.options.clock();
    }
  }

  private trackStream(session: LegacySession, response: Response): void {
    session.openStreams += 1;
    response.once('close', () => {
      session.openStreams -= 1;
      session.lastSeen = this.options.clock();
    });
  }

  private async endSession(session: LegacySession): Promise<void> {
    this.sessions.delete(session.id);
    await closeLegacySession(session);
  }

  private forget(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }
}
