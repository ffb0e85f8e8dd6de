import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long synchronous work may hold the event loop before it lets other work run. */
const DEFAULT_SLICE_MS = 10;

/**
 * Lets a long synchronous loop share the event loop: call `yieldIfDue()` between items and it
 * waits one turn whenever the current slice has run longer than `sliceMs`.
 */
export class TimeSlicer {
  private sliceStarted = performance.now();

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  /** Resolves at once, or after one event-loop turn when the slice is used up. */
  async yieldIfDue(): Promise<void> {
    if (performance.now() - this.sliceStarted < this.sliceMs) return;
    await nextTurn();
    this.sliceStarted = performance.now();
  }
}
