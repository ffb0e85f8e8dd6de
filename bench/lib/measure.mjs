// Measuring helpers used inside an engine's child process (started with --expose-gc).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Heap used plus memory held outside the heap (typed arrays, buffers), in bytes. */
export function memoryInUse() {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** Runs full garbage collections with pauses between, so weak and finalised memory is gone. */
export async function settleHeap() {
  for (let round = 0; round < 3; round++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts an event-loop lag probe: a timer every `intervalMs`; the longest gap between two ticks
 * (less the interval) is the longest stretch the thread was held. Call the returned function
 * to stop it and read that figure in ms.
 */
export function startLagProbe(intervalMs = 2) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - intervalMs);
    last = now;
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return Math.max(0, worst, performance.now() - last - intervalMs);
  };
}

/** The `fraction` percentile (nearest rank) of a list of numbers. */
export function percentile(values, fraction) {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

/** Total size in bytes of the files under `folder`. */
export function folderSize(folder) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    total += entry.isDirectory() ? folderSize(full) : statSync(full).size;
  }
  return total;
}

/** Milliseconds an async or sync call takes, and its result. */
export async function timed(action) {
  const start = performance.now();
  const value = await action();
  return { ms: performance.now() - start, value };
}
