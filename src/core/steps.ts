/**
 * Work cut into steps: a generator that yields between steps and returns its result. The same
 * code then runs in one go where it must be synchronous (inside a host's atomic `process`) and
 * in slices elsewhere, so a long edit need not hold the thread (Obsidian's UI, the server).
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Runs the steps, awaiting `pause()` between them (a pacer that yields once its slice is used up). */
export async function runStepsPaced<T>(steps: Steps<T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    await pause();
  }
}
