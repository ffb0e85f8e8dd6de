/** One signal for a provider call (chat or embeddings) that fires when the caller cancels or its time runs out. */
export interface Deadline {
  /** Aborted by the caller's signal (with its reason) or by the timeout. */
  readonly signal: AbortSignal;
  /** Whether the time ran out (rather than the caller cancelling). */
  timedOut(): boolean;
  /** Milliseconds left before the timeout. */
  remainingMs(): number;
  /** Detaches from the caller's signal and stops the timer; call it when the call ends. */
  release(): void;
}

/**
 * Starts the deadline of one provider call: `timeoutMs` from now, or earlier when `callerSignal`
 * aborts. Linked by hand: AbortSignal.any is missing from the Electron of older Obsidian
 * installers.
 */
export function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined, now: () => number = Date.now): Deadline {
  const controller = new AbortController();
  const endsAt = now() + timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  let expired = false;
  const onTimeout = (): void => {
    expired = !controller.signal.aborted;
    controller.abort(timeout.reason);
  };
  const onCancel = (): void => controller.abort(callerSignal?.reason);
  timeout.addEventListener('abort', onTimeout, { once: true });
  callerSignal?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    remainingMs: () => Math.max(0, endsAt - now()),
    release: () => {
      timeout.removeEventListener('abort', onTimeout);
      callerSignal?.removeEventListener('abort', onCancel);
    },
  };
}
