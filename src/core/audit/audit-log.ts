import type { Storage } from '../vault/storage';
import type { AiInvocationEvent } from './ai-invocation-event';
import { AuditRotation } from './audit-rotation';

/** One mutation, as recorded in the audit log. Never note content: paths, actor, op, ETags, timing. */
export interface AuditEvent {
  time: string;
  actor: string;
  op: string;
  path: string;
  etag_before: string | null;
  etag_after: string | null;
  /** For moves: where the file went. */
  to?: string;
  /** For `command_run`: the Obsidian command's id. */
  command?: string;
  /** Set on the record of an operation a crash interrupted, finished at start: what recovery did. */
  recovery?: 'completed' | 'rolled_back';
  /** How long the whole operation took, in milliseconds (set when the operation ends). */
  duration_ms?: number;
}

/** Listens to audit events as they are recorded. */
export type AuditListener = (event: AuditEvent) => void;

/** Listens to AI invocation events. */
export type AiInvocationListener = (event: AiInvocationEvent) => void;

/** Where operations record their mutations and AI calls. */
export interface AuditRecorder {
  record(event: AuditEvent): void;
  /** Records an AI call at once (it already carries its duration). */
  recordInvocation(event: AiInvocationEvent): void;
}

/** The audit events of one operation call, recorded together when it ends. */
export interface AuditCall extends AuditRecorder {
  /** Stamps every event of the call with its duration and records them. */
  end(): void;
}

/** Options of {@link AuditLog}. */
export interface AuditLogOptions {
  onError?: (error: unknown) => void;
  /** Rotate the log when it would grow past this many bytes (default 5 MiB). */
  maxBytes?: number;
  /** Rotated files kept besides the live one (default 3). */
  keep?: number;
}

/**
 * The audit trail of every mutation (path, actor, op, ETag before/after, duration), kept as a
 * rolling NDJSON log in the vault's state folder (`audit.log`, rotated to `audit.1.log` …) and
 * fanned out to in-process listeners.
 */
export class AuditLog implements AuditRecorder {
  private readonly listeners = new Set<AuditListener>();
  private readonly invocationListeners = new Set<AiInvocationListener>();
  private readonly rotation: AuditRotation;
  private readonly onError: (error: unknown) => void;
  private queue: Promise<void> = Promise.resolve();

  constructor(storage: Storage, options: AuditLogOptions = {}) {
    this.rotation = new AuditRotation(storage, options.maxBytes ?? 5 * 1024 * 1024, options.keep ?? 3);
    this.onError = options.onError ?? ((error) => console.warn('indx: could not append to the audit log', error));
  }

  /**
   * Records an event. The write to storage is serialised; a failure is reported through
   * `onError` and never fails the mutation, which has already happened.
   */
  record(event: AuditEvent): void {
    for (const listener of this.listeners) listener(event);
    this.append(JSON.stringify(event));
  }

  private append(line: string): void {
    this.queue = this.queue.then(() => this.rotation.append(line)).catch(this.onError);
  }

  /** Records an AI invocation event in the same log and tells its listeners. */
  recordInvocation(event: AiInvocationEvent): void {
    for (const listener of this.invocationListeners) listener(event);
    this.append(JSON.stringify(event));
  }

  /** Subscribes to AI invocation events; returns the unsubscribe function. */
  subscribeInvocations(listener: AiInvocationListener): () => void {
    this.invocationListeners.add(listener);
    return () => this.invocationListeners.delete(listener);
  }

  /** Starts collecting the events of one operation call; `clock` times it. */
  begin(clock: () => number): AuditCall {
    const started = clock();
    const events: AuditEvent[] = [];
    return {
      record: (event) => void events.push(event),
      recordInvocation: (event) => this.recordInvocation(event),
      end: () => {
        const duration_ms = Math.max(0, clock() - started);
        for (const event of events) this.record({ ...event, duration_ms });
      },
    };
  }

  /** Subscribes to events; returns the unsubscribe function. */
  subscribe(listener: AuditListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when every recorded event has reached storage. */
  flush(): Promise<void> {
    return this.queue;
  }
}
