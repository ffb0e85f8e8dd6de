/**
 * Time and turn-taking for background indexing, injected so tests can hold a build mid-way and
 * each host can pick its own primitives. The default suits both hosts without timers of its
 * own: a `MessageChannel` message to yield (a macrotask turn, so I/O and UI events run first)
 * and `AbortSignal.timeout` for delays (unref'd in Node, so a pending save never keeps a
 * one-shot command alive; `stop()` saves anyway).
 */
export interface Scheduler {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Resolves after letting the host's other work run (a macrotask turn). */
  yieldToHost(): Promise<void>;
  /** Runs `callback` after `delayMs`; returns a function that cancels it. */
  setTimer(callback: () => void, delayMs: number): () => void;
}

/** The scheduler used when none is injected. */
export const DEFAULT_SCHEDULER: Scheduler = {
  now: () => performance.now(),
  yieldToHost() {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  },
  setTimer(callback, delayMs) {
    let cancelled = false;
    AbortSignal.timeout(Math.max(0, Math.round(delayMs))).addEventListener('abort', () => {
      if (!cancelled) callback();
    });
    return () => {
      cancelled = true;
    };
  },
};
