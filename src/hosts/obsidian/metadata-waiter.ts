import { parseMetadata } from '../../core/metadata/parse-metadata';
import type { CachedMetadata } from '../../core/metadata/types';
import type { FileStat } from '../../core/vault/vault-host';

/** A write's wait for Obsidian to index what it wrote. */
export interface MetadataExpectation {
  /**
   * Resolves once `metadataCache` reported the file `changed` with exactly `text`, or after the
   * timeout; then, unless someone wrote the file again since (its stat moved from `stat`), our
   * own parse of `text` stands in until Obsidian's cache catches up.
   */
  settle(text: string, currentStat: () => FileStat | null): Promise<void>;
  /** Gives up waiting (the write failed or changed nothing). */
  cancel(): void;
}

interface Waiter {
  text: string | null;
  /** Every text `changed` reported for the path since `expect()`: the cache may be faster than the write's promise. */
  seen: Set<string>;
  done: () => void;
}

interface Overlay {
  text: string;
  metadata: CachedMetadata;
  stat: FileStat | null;
}

/**
 * Waits for Obsidian's metadata cache after the host's writes. The cache indexes a file after the
 * vault's `modify` event, so right after a write `getCache` may still return what the file held
 * before; the host resolves a write only once `changed` arrives for that file with the written
 * text, and if the cache is slower than `timeoutMs` it answers `getMetadata` from our own parser
 * (which produces what Obsidian would) until `changed` comes.
 */
export class MetadataWaiter {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly overlays = new Map<string, Overlay>();
  private readonly timers = new Set<number>();
  private closed = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onStandIn: (path: string) => void,
  ) {}

  /**
   * Starts waiting for `path`; call before writing, so a fast `changed` is not missed: one that
   * arrives before `settle` is remembered. After `close()` nothing is awaited.
   */
  expect(path: string): MetadataExpectation {
    if (this.closed) return { settle: () => Promise.resolve(), cancel: () => undefined };
    const waiter: Waiter = { text: null, seen: new Set(), done: () => undefined };
    const finished = new Promise<void>((resolve) => (waiter.done = resolve));
    this.add(path, waiter);
    return {
      settle: (text, currentStat) => this.settle(path, waiter, finished, text, currentStat),
      cancel: () => this.finish(path, waiter),
    };
  }

  /**
   * Obsidian indexed `path` holding `text` (the file's stat now: `stat`): waiters for that text
   * are done. A stand-in goes once the cache caught up with it, or once the file changed since
   * (a late `changed` for an older text, with the file still as we wrote it, keeps it).
   */
  changed(path: string, text: string, stat: FileStat | null): void {
    for (const waiter of [...(this.waiters.get(path) ?? [])]) {
      if (waiter.text === text) this.finish(path, waiter);
      else if (waiter.text === null) waiter.seen.add(text);
    }
    const overlay = this.overlays.get(path);
    if (overlay !== undefined && (overlay.text === text || !sameStat(overlay.stat, stat))) this.overlays.delete(path);
  }

  /** Our parse standing in for Obsidian's cache, if any. */
  standInFor(path: string): CachedMetadata | undefined {
    return this.overlays.get(path)?.metadata;
  }

  /** Forgets a stand-in (the file was deleted or moved). */
  forget(path: string): void {
    this.overlays.delete(path);
  }

  /** Ends every wait and timer (the host is closing); later waits end at once, with no stand-in. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) window.clearTimeout(timer);
    this.timers.clear();
    for (const [path, waiters] of this.waiters) for (const waiter of [...waiters]) this.finish(path, waiter);
    this.overlays.clear();
  }

  private async settle(path: string, waiter: Waiter, finished: Promise<void>, text: string, currentStat: () => FileStat | null): Promise<void> {
    if (this.closed || waiter.seen.has(text)) return this.finish(path, waiter);
    waiter.text = text;
    const writtenStat = currentStat();
    const timer = window.setTimeout(() => this.standIn(path, waiter, text, writtenStat, currentStat()), this.timeoutMs);
    this.timers.add(timer);
    await finished;
    window.clearTimeout(timer);
    this.timers.delete(timer);
  }

  private standIn(path: string, waiter: Waiter, text: string, writtenStat: FileStat | null, stat: FileStat | null): void {
    // Someone wrote the file after us: our parse would be older than what is on disk.
    if (sameStat(writtenStat, stat)) {
      this.overlays.set(path, { text, metadata: parseMetadata(text), stat });
      this.onStandIn(path);
    }
    this.finish(path, waiter);
  }

  private add(path: string, waiter: Waiter): void {
    const waiters = this.waiters.get(path) ?? new Set<Waiter>();
    waiters.add(waiter);
    this.waiters.set(path, waiters);
  }

  private finish(path: string, waiter: Waiter): void {
    const waiters = this.waiters.get(path);
    waiters?.delete(waiter);
    if (waiters?.size === 0) this.waiters.delete(path);
    waiter.seen.clear();
    waiter.done();
  }
}

function sameStat(first: FileStat | null, second: FileStat | null): boolean {
  return first?.mtime === second?.mtime && first?.size === second?.size;
}
