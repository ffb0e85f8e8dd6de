import type { Scheduler } from './scheduler';

/**
 * Decides when unsaved index changes are saved: after `quietMs` without changes, but no later
 * than `maxMs` after the first unsaved one, so a steady trickle of edits is still saved. Keeps
 * a single timer however many changes arrive; calls `onDue` when a save is due.
 */
export class SaveTimer {
  private cancel: (() => void) | null = null;
  private firstChangeAt: number | null = null;
  private lastChangeAt = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly quietMs: number,
    private readonly maxMs: number,
    private readonly onDue: () => void,
  ) {}

  /** Records a change; arms the timer when none is running. */
  changed(): void {
    this.lastChangeAt = this.scheduler.now();
    this.firstChangeAt ??= this.lastChangeAt;
    if (this.cancel === null) this.arm();
  }

  /** Forgets pending changes and stops the timer (after a save, or on stop). */
  reset(): void {
    this.cancel?.();
    this.cancel = null;
    this.firstChangeAt = null;
  }

  private arm(): void {
    this.cancel = this.scheduler.setTimer(() => {
      this.cancel = null;
      if (this.wait() > 0) return this.arm();
      this.firstChangeAt = null;
      this.onDue();
    }, this.wait());
  }

  private wait(): number {
    const quiet = this.lastChangeAt + this.quietMs;
    const cap = (this.firstChangeAt ?? this.lastChangeAt) + this.maxMs;
    return Math.min(quiet, cap) - this.scheduler.now();
  }
}
