import type { Pacer } from '../persist/index-store';
import type { Scheduler } from './scheduler';

/**
 * Cuts long synchronous work into slices: call `pause()` between items and it yields to the
 * host once the current slice has run `sliceMs`, so no slice holds the thread much longer than
 * that (Obsidian's UI stays responsive). Awaited I/O goes through `io()`, whose wait is not
 * counted (but not taken for a yield either); the longest slice is recorded for status and
 * benchmarks.
 */
export class Slicer implements Pacer {
  private sliceStart: number;
  /** Longest synchronous slice seen, in milliseconds. */
  longestSliceMs = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly sliceMs: number,
  ) {
    this.sliceStart = scheduler.now();
  }

  /** Yields when the slice is used up; otherwise resolves at once. */
  readonly pause = async (): Promise<void> => {
    if (this.scheduler.now() - this.sliceStart < this.sliceMs) return;
    this.end();
    await this.scheduler.yieldToHost();
    this.restart();
  };

  /**
   * Runs awaited I/O. The slice goes on afterwards with the time already spent: a host whose
   * reads resolve from memory (Obsidian's `cachedRead`, a cache) resumes in a microtask without
   * giving the thread back, so the await cannot count as a yield. When real I/O did give it
   * back, the next `pause()` merely yields a little early.
   */
  readonly io = async <T>(operation: () => Promise<T>): Promise<T> => {
    const spent = this.scheduler.now() - this.sliceStart;
    this.end();
    try {
      return await operation();
    } finally {
      this.sliceStart = this.scheduler.now() - spent;
    }
  };

  /** Starts a new slice now (the thread was just given back by an await). */
  restart(): void {
    this.sliceStart = this.scheduler.now();
  }

  /** Records the slice that ends now. */
  end(): void {
    this.longestSliceMs = Math.max(this.longestSliceMs, this.scheduler.now() - this.sliceStart);
  }
}
