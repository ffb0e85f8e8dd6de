import type { Storage } from '../vault/storage';

/** One mutation, as recorded in the audit log. */
export interface AuditEvent {
  time: string;
  actor: string;
  op: string;
  path: string;
  etag_before: string | null;
  etag_after: string | null;
  /** For moves: where the file went. */
  to?: string;
}

/** Listens to audit events as they are recorded. */
export type AuditListener = (event: AuditEvent) => void;

const AUDIT_FILE = 'audit.log';

/**
 * The append-only audit trail of every mutation (path, actor, op, etag before/after), kept as
 * JSON lines in the vault's state folder and fanned out to in-process listeners.
 */
export class AuditLog {
  private readonly listeners = new Set<AuditListener>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: Storage,
    private readonly onError: (error: unknown) => void = (error) => console.warn('indx: could not append to the audit log', error),
  ) {}

  /**
   * Records an event. The write to storage is serialised; a failure is reported through
   * `onError` and never fails the mutation, which has already happened.
   */
  record(event: AuditEvent): void {
    for (const listener of this.listeners) listener(event);
    this.queue = this.queue.then(() => this.storage.appendLine(AUDIT_FILE, JSON.stringify(event))).catch(this.onError);
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
