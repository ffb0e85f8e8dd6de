/** A subscription made with `Events#on`, as Obsidian's opaque `EventRef`. */
export interface EventRef {
  readonly source: Events;
  readonly name: string;
  readonly callback: (...data: never[]) => unknown;
  readonly context: unknown;
}

/**
 * Obsidian's `Events`: named events with handlers called synchronously, in subscription order.
 * A handler that throws is reported and does not stop the others (as `tryTrigger` does).
 * ASSUMED: the typings document none of `Events`' members.
 */
export class Events {
  private readonly handlers = new Map<string, EventRef[]>();

  on(name: string, callback: (...data: never[]) => unknown, context?: unknown): EventRef {
    const reference: EventRef = { source: this, name, callback, context };
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), reference]);
    return reference;
  }

  off(name: string, callback: (...data: never[]) => unknown): void {
    this.handlers.set(name, (this.handlers.get(name) ?? []).filter((reference) => reference.callback !== callback));
  }

  offref(reference: EventRef): void {
    this.handlers.set(reference.name, (this.handlers.get(reference.name) ?? []).filter((candidate) => candidate !== reference));
  }

  trigger(name: string, ...data: unknown[]): void {
    for (const reference of [...(this.handlers.get(name) ?? [])]) this.tryTrigger(reference, data);
  }

  tryTrigger(reference: EventRef, data: unknown[]): void {
    try {
      (reference.callback as (...args: unknown[]) => unknown).apply(reference.context, data);
    } catch (error: unknown) {
      console.error(error);
    }
  }

  /** Test helper: how many handlers listen to `name` (Obsidian has no such method). */
  listenerCount(name: string): number {
    return this.handlers.get(name)?.length ?? 0;
  }
}
