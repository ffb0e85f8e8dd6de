/**
 * A synchronous fan-out of events to listeners. A listener that throws does not stop the others
 * or the write that raised the event; its error becomes a process warning.
 */
export class EventHub<T> {
  private readonly listeners = new Set<(event: T) => void>();

  /** Adds a listener; the returned function removes it. */
  on(listener: (event: T) => void): () => void {
    const wrapped = (event: T): void => listener(event);
    this.listeners.add(wrapped);
    return () => {
      this.listeners.delete(wrapped);
    };
  }

  /** Delivers each event to every listener, in order. */
  emit(events: readonly T[]): void {
    for (const event of events) for (const listener of [...this.listeners]) deliver(listener, event);
  }
}

function deliver<T>(listener: (event: T) => void, event: T): void {
  try {
    listener(event);
  } catch (error: unknown) {
    process.emitWarning(error instanceof Error ? error : new Error(String(error)));
  }
}
