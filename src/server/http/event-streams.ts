import { clearInterval, setInterval } from 'node:timers';
import type { Request, RequestHandler, Response } from 'express';
import type { AuditEvent } from '../../core/audit/audit-log';
import type { Caller, Engine } from '../../core/engine';
import { hasScope } from '../../core/ops/scopes';
import type { VaultEvent } from '../../core/vault/vault-host';
import { sendFailure } from './envelope';

/** The kinds of event `/v1/events` sends: the vault's change events and `audit` records. */
export const EVENT_KINDS = ['create', 'modify', 'delete', 'rename', 'metadata', 'audit'] as const;

/** One kind of server-sent event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * `GET /v1/events`: server-sent events of vault changes (whoever made them: us, Obsidian, another
 * program) and audit records, optionally filtered with `?kinds=modify,create`. Each event is
 * named by its kind and carries JSON data; a comment line is sent every `keepAliveMs`. Needs
 * `vault:read`. `close` ends every open stream.
 */
export class EventStreams {
  private readonly open = new Set<Response>();
  private nextId = 1;

  constructor(
    private readonly engine: Engine,
    private readonly keepAliveMs = 15_000,
  ) {}

  /** The route handler. */
  handler(): RequestHandler {
    return (request, response) => {
      if (!hasScope((response.locals.caller as Caller).scopes, 'vault:read')) return sendFailure(response, 'forbidden', 'Events need the vault:read scope.', { required: 'vault:read' });
      const kinds = parseKinds(request);
      if (kinds === null) return sendFailure(response, 'invalid_input', `Unknown event kind in "kinds". Use a comma-separated list of ${EVENT_KINDS.join(', ')}.`, { known: EVENT_KINDS });
      this.stream(request, response, kinds);
    };
  }

  /** Ends every open stream. */
  close(): void {
    for (const response of this.open) response.end();
    this.open.clear();
  }

  private stream(request: Request, response: Response, kinds: ReadonlySet<EventKind>): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    // HEAD (which express routes to GET handlers) gets the headers only, not a stream that never ends.
    if (request.method === 'HEAD') return void response.end();
    response.write(': indx events\n\n');
    this.open.add(response);
    const send = (kind: EventKind, data: object): void => {
      if (kinds.has(kind)) response.write(`id: ${this.nextId++}\nevent: ${kind}\ndata: ${JSON.stringify({ kind, ...data })}\n\n`);
    };
    const stopVault = this.engine.host.on((event) => send(event.type, toVaultData(event)));
    const stopAudit = this.engine.audit.subscribe((event: AuditEvent) => send('audit', event));
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), this.keepAliveMs);
    request.on('close', () => {
      clearInterval(keepAlive);
      stopVault();
      stopAudit();
      this.open.delete(response);
    });
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
