import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Caller } from '../../core/engine';
import type { ResourceSubscriptions } from './resource-subscriptions';

/** One 2025-11-25 session: its transport and server, who opened it, what it watches. */
export interface LegacySession {
  id: string;
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  /** The token that opened the session; no other may use it. */
  caller: Caller;
  subscriptions: ResourceSubscriptions;
  /** When the last request started or ended, or the last stream closed (clock time). */
  lastSeen: number;
  /** Open standalone GET streams; a session listening for notifications is never idle. */
  openStreams: number;
  /** Requests being served; a session answering one is never idle. */
  activeRequests: number;
}

/** True when nothing is using the session: no open stream, no request being served. */
export function isIdleSession(session: LegacySession): boolean {
  return session.openStreams === 0 && session.activeRequests === 0;
}

/** Closes a session's transport (ending its streams) and its server; never throws. */
export async function closeLegacySession(session: Pick<LegacySession, 'transport' | 'server'>): Promise<void> {
  await session.transport.close().catch(() => undefined);
  await session.server.close().catch(() => undefined);
}
