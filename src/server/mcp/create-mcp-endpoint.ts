import type { ServerDeps, McpEndpoint } from '../server-deps';
import { DualEraMcpEndpoint } from './dual-era-mcp-endpoint';
import { createPrompts, type PromptDefinition } from './prompts';
import { RESOURCE_PROVIDERS, type ResourceProvider } from './resources';

/** Options of {@link createMcpEndpoint}; the defaults suit production. */
export interface McpEndpointOptions {
  /** Resources served (default: `RESOURCE_PROVIDERS`). */
  resources?: readonly ResourceProvider[];
  /** Prompts served (default: `createPrompts` on `clock`). */
  prompts?: readonly PromptDefinition[];
  /** A legacy session idle this long is closed (default 30 minutes). */
  sessionIdleMs?: number;
  /** How often idle sessions and revoked tokens are looked for (default: half the idle time, at most a minute). */
  sweepIntervalMs?: number;
  /** The most legacy sessions one token holds at once; one more `initialize` is refused with 429 (default 32). */
  maxSessionsPerToken?: number;
  /** The most `subscriptions/listen` streams one token holds open at once; one more is refused with 429 (default 16). */
  maxListenStreamsPerToken?: number;
  /** How long an identical read-only call is a replay, and a `resources/list` listing is kept (default 60 s, seed 000 §3). */
  replayTtlMs?: number;
  /** Resources per `resources/list` page (default 100). */
  resourcePageSize?: number;
  /** Milliseconds since the epoch, for idle and replay ages (default `deps.clock`). */
  clock?: () => number;
  /** Reports SDK-level errors and rejected requests (default: ignored). */
  onError?: (error: Error) => void;
  /** Quiet time after a vault change before a subscribed live AI resource is re-derived (default 250 ms). */
  aiRederiveDelayMs?: number;
}

/** The settled options of an endpoint. */
export type McpEndpointSettings = Required<McpEndpointOptions>;

const MINUTE = 60_000;

/**
 * The MCP endpoint behind `POST/GET/DELETE /mcp`, serving both protocol eras from one server
 * factory: 2026-07-28 clients statelessly (`server/discover`, `subscriptions/listen`) and
 * 2025-11-25 clients with sessions that receive resource notifications. See
 * {@link DualEraMcpEndpoint}.
 */
export function createMcpEndpoint(deps: ServerDeps, options: McpEndpointOptions = {}): McpEndpoint {
  const clock = options.clock ?? deps.clock;
  const sessionIdleMs = options.sessionIdleMs ?? 30 * MINUTE;
  return new DualEraMcpEndpoint(deps.engine, deps.tokens, {
    resources: options.resources ?? RESOURCE_PROVIDERS,
    prompts: options.prompts ?? createPrompts({ clock }),
    sessionIdleMs,
    sweepIntervalMs: options.sweepIntervalMs ?? Math.min(MINUTE, Math.max(10, Math.floor(sessionIdleMs / 2))),
    maxSessionsPerToken: options.maxSessionsPerToken ?? 32,
    maxListenStreamsPerToken: options.maxListenStreamsPerToken ?? 16,
    replayTtlMs: options.replayTtlMs ?? MINUTE,
    resourcePageSize: options.resourcePageSize ?? 100,
    clock,
    onError: options.onError ?? (() => undefined),
    aiRederiveDelayMs: options.aiRederiveDelayMs ?? 250,
  });
}
