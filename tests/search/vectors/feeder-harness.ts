import { setTimeout as delay } from 'node:timers/promises';
import type { Scheduler } from '../../../src/core/search/service/scheduler';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { writeTempFolder, type TempFiles } from '../../helpers/temp-vault';

/** A scheduler on a hand-moved clock: timers fire only when `fireDue` is called, yields cost nothing. */
export interface FakeScheduler {
  scheduler: Scheduler;
  /** Timers armed and not yet fired or cancelled. */
  pending(): number;
  /** Runs the timers due at the clock's current time. */
  fireDue(): void;
}

/** Creates a {@link FakeScheduler} reading `clock.now`. */
export function createFakeScheduler(clock: { now: number }): FakeScheduler {
  const timers = new Set<{ at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    now: () => clock.now,
    yieldToHost: () => Promise.resolve(),
    setTimer(callback, delayMs) {
      const timer = { at: clock.now + delayMs, callback };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };
  return {
    scheduler,
    pending: () => timers.size,
    fireDue() {
      for (const timer of [...timers]) {
        if (timer.at > clock.now) continue;
        timers.delete(timer);
        timer.callback();
      }
    },
  };
}

/**
 * Polls `condition` every few milliseconds; fails after 30 seconds. A deadline, not a speed bound:
 * embedding 120 chunks takes 0.1–0.5 s alone and over 3 s on a heavily loaded machine.
 */
export async function waitUntil(condition: () => boolean, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(5);
  }
}

/** A Node vault host (real files in a temp folder, no watcher) and its folder. */
export async function openNoteHost(files: TempFiles): Promise<{ host: NodeVaultHost; root: string }> {
  const root = await writeTempFolder(files);
  return { host: await NodeVaultHost.open(root, { watch: false }), root };
}
