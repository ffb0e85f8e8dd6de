import type { Request, RequestHandler, Response } from 'express';
import type { AuditEvent } from '../../core/audit/audit-log';
import type { TokenStore } from '../../core/auth/token-store';
import type { Caller, Engine } from '../../core/engine';
import { hasScope } from '../../core/ops/scopes';
import type { VaultEvent } from '../../core/vault/vault-host';
import { sendFailure } from './envelope';
import { EVENT_STREAM_HEADERS, EventStream } from './event-stream';

/** The kinds of event `/v1/events` sends: the vault's change events, `audit` records and AI calls (`ai.invocation`, seed 002 §12). */
export const EVENT_KINDS = ['create', 'modify', 'delete', 'rename', 'metadata', 'audit', 'ai.invocation'] as const;

/** One kind of server-sent event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/** Options of {@link EventStreams}. */
export interface EventStreamsOptions {
  engine: Engine;
  /** Checked on every keep-alive tick and before each batch of writes; revocations close streams. */
  tokens: TokenStore;
  /** Interval of keep-alive comments (default 15 s). */
  keepAliveMs?: number;
  /** Most bytes queued for a client that stopped reading before its stream is closed (default 1 MiB). */
  maxQueuedBytes?: number;
}

/**
 * `GET /v1/events`: server-sent events of vault changes (whoever made them: us, Obsidian, another
 * program), audit records and AI invocations (paths, usage and outcome, never prompts or
 * outputs), optionally filtered with `?kinds=modify,create`. Each event is
 * named by its kind, carries JSON data and an id counting the events of its stream (see
 * {@link EventStream} for ids, backpressure and slow clients); a comment line is sent every
 * `keepAliveMs`. Needs `vault:read`. A stream ends when its token is revoked (noticed at once for
 * `revoke` in this process, else at the next token-file re-read: the next event or keep-alive
 * tick). `close` ends every open stream.
 */
export class EventStreams {
  /** Each open stream and the name of the token that opened it (null without authentication). */
  private readonly owners = new Map<EventStream, string | null>();
  private readonly stopRevoked: () => void;

  constructor(private readonly options: EventStreamsOptions) {
    this.stopRevoked = options.tokens.onRevoked((names) => this.endStreamsOf(names));
  }

  /** The route handler. */
  handler(): RequestHandler {
    return (request, response) => {
      if (!hasScope((response.locals.caller as Caller).scopes, 'vault:read')) return sendFailure(response, 'forbidden', 'Events need the vault:read scope.', { required: 'vault:read' });
      const kinds = parseKinds(request);
      if (kinds === null) return sendFailure(response, 'invalid_input', `Unknown event kind in "kinds". Use a comma-separated list of ${EVENT_KINDS.join(', ')}.`, { known: EVENT_KINDS });
      this.stream(request, response, kinds);
    };
  }

  /** Ends every open stream and stops listening for revocations. */
  close(): void {
    this.stopRevoked();
    for (const stream of [...this.owners.keys()]) stream.end();
  }

  private stream(request: Request, response: Response, kinds: ReadonlySet<EventKind>): void {
    response.writeHead(200, { ...EVENT_STREAM_HEADERS, Connection: 'keep-alive' });
    // HEAD (which express routes to GET handlers) gets the headers only, not a stream that never ends.
    if (request.method === 'HEAD') return void response.end();
    response.write(': indx events\n\n');
    const tokenName = (response.locals.tokenName as string | null | undefined) ?? null;
    const stopAll: (() => void)[] = [];
    const stream = new EventStream(response, {
      maxQueuedBytes: this.options.maxQueuedBytes ?? 1024 * 1024,
      isActive: () => (tokenName === null ? Promise.resolve(true) : this.options.tokens.isActive(tokenName)),
      onEnd: () => {
        for (const stop of stopAll) stop();
        this.owners.delete(stream);
      },
      keepAliveMs: this.options.keepAliveMs ?? 15_000,
    });
    this.owners.set(stream, tokenName);
    stopAll.push(...this.subscribe(stream, kinds));
    request.on('close', () => stream.end());
  }

  private subscribe(stream: EventStream, kinds: ReadonlySet<EventKind>): (() => void)[] {
    const send = (kind: EventKind, data: object): void => {
      if (kinds.has(kind)) stream.send(kind, data);
    };
    return [
      this.options.engine.host.on((event) => send(event.type, toVaultData(event))),
      this.options.engine.audit.subscribe((event: AuditEvent) => send('audit', event)),
      this.options.engine.audit.subscribeInvocations((event) => send('ai.invocation', event)),
    ];
  }

  private endStreamsOf(names: readonly string[]): void {
    for (const [stream, owner] of this.owners) if (owner !== null && names.includes(owner)) stream.end();
  }
}

function toVaultData(event: VaultEvent): object {
  return event.type === 'rename' ? { path: event.path, old_path: event.oldPath } : { path: event.path };
}

function parseKinds(request: Request): ReadonlySet<EventKind> | null {
  const raw = new URLSearchParams(request.originalUrl.split('?')[1] ?? '').getAll('kinds').flatMap((value) => value.split(','));
  const names = raw.map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) return new Set(EVENT_KINDS);
  if (names.some((name) => !(EVENT_KINDS as readonly string[]).includes(name))) return null;
  return new Set(names as EventKind[]);
}
