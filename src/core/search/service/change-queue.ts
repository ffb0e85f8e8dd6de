/** What to do with a path: index its current text, or drop it from the index. */
export type ChangeKind = 'upsert' | 'remove';

/**
 * Pending index work by path, oldest first; a later change to a queued path replaces the
 * earlier one (a note edited ten times while queued is indexed once). Counts progress: `done`
 * grows as taken entries are applied, `total` as new paths arrive.
 */
export class ChangeQueue {
  private readonly pending = new Map<string, ChangeKind>();
  done = 0;
  total = 0;

  /** Number of queued paths. */
  get size(): number {
    return this.pending.size;
  }

  /** Queues `kind` for `path`. */
  add(path: string, kind: ChangeKind): void {
    if (!this.pending.has(path)) this.total += 1;
    this.pending.set(path, kind);
  }

  /** Takes up to `count` entries, oldest first. */
  take(count: number): [string, ChangeKind][] {
    const taken: [string, ChangeKind][] = [];
    for (const entry of this.pending) {
      if (taken.length === count) break;
      taken.push(entry);
    }
    for (const [path] of taken) this.pending.delete(path);
    return taken;
  }

  /** Counts one taken entry as applied. */
  markDone(): void {
    this.done += 1;
  }

  /** Starts counting progress afresh, with `done` items already in place. */
  resetProgress(done: number): void {
    this.done = done;
    this.total = done + this.pending.size;
  }
}
