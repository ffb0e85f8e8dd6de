import type { Scheduler } from '../../src/core/search/service/scheduler';

/** A scheduler whose turns the test hands out one at a time, and whose timers it fires. */
export class SteppedScheduler implements Scheduler {
  private waiting: (() => void)[] = [];
  private free = false;
  readonly timers = new Map<number, () => void>();
  private nextTimer = 0;
  private time = 0;

  now(): number {
    return (this.time += 1);
  }

  /** Moves the clock forward. */
  advance(milliseconds: number): void {
    this.time += milliseconds;
  }

  private onHold: (() => void)[] = [];

  yieldToHost(): Promise<void> {
    if (this.free) return Promise.resolve();
    for (const notify of this.onHold.splice(0)) notify();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Resolves once a slice is held (immediately when one is). */
  held(): Promise<void> {
    return this.waiting.length > 0 ? Promise.resolve() : new Promise((resolve) => this.onHold.push(resolve));
  }

  setTimer(callback: () => void, _delayMs: number): () => void {
    const id = this.nextTimer++;
    this.timers.set(id, callback);
    return () => this.timers.delete(id);
  }

  /** Stops holding slices: every yield resolves at once from now on. */
  runFreely(): void {
    this.free = true;
    for (const resume of this.waiting.splice(0)) resume();
  }

  /** Lets the held slice continue and waits until the next one is held. */
  async step(): Promise<void> {
    this.waiting.shift()?.();
    await this.held();
  }

  fireTimers(): void {
    for (const [id, callback] of [...this.timers]) {
      this.timers.delete(id);
      callback();
    }
  }
}
