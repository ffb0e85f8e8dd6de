import type { Scheduler } from '../../src/core/search/service/scheduler';
import { writeTempFolder } from '../helpers/temp-vault';
import { openSearchVault } from './search-vault';

/** A scheduler whose clock moves one "millisecond" each time it is read, counting yields. */
function countingScheduler(): Scheduler & { yields: number } {
  let time = 0;
  const scheduler = {
    yields: 0,
    now: () => (time += 1),
    yieldToHost: () => {
      scheduler.yields += 1;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
    setTimer: () => () => undefined,
  };
  return scheduler;
}

describe('building the index in slices', () => {
  // Obsidian's cachedRead (and the Node host's small-file path) resolve reads in a microtask,
  // without giving the thread back: an await on them must not count as a yield, or a vault of
  // small notes is indexed in one long slice and the app freezes.
  it('yields to the host while indexing even when every read resolves without real I/O', async () => {
    const files = Object.fromEntries(Array.from({ length: 320 }, (_unused, index) => [`n${index}.md`, `Note ${index} about comets.\n`]));
    const scheduler = countingScheduler();
    const vault = await openSearchVault(await writeTempFolder(files), { search: { scheduler, sliceMs: 40 } });
    await vault.engine.search?.whenReady();
    // One clock reading per indexed note at least: 320 notes cannot fit into 40-tick slices.
    expect(scheduler.yields).toBeGreaterThanOrEqual(8);
    expect(vault.engine.search?.status().longest_slice_ms).toBeLessThanOrEqual(44);
    expect((await vault.search({ q: 'comets', limit: 5 })).results).toHaveLength(5);
    await vault.dispose();
  });
});
