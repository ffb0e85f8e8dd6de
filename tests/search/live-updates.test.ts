import { setTimeout as delay } from 'node:timers/promises';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { SteppedScheduler } from '../helpers/stepped-scheduler';
import { writeTempFolder } from '../helpers/temp-vault';
import { createSearchVault, openSearchVault, pathsOf, type SearchVault } from './search-vault';

describe('an edit made outside the engine', () => {
  let vault: SearchVault;

  beforeAll(async () => {
    vault = await createSearchVault({ 'Journal.md': '# Journal\nNothing yet.\n' }, { watch: true });
  });

  afterAll(async () => {
    await vault.dispose();
  });

  // The watcher settles for 100 ms, then the two notes are indexed: about 0.1 s alone, 0.3 s on a
  // heavily loaded machine. The deadline only keeps a broken watcher from hanging the test.
  it('is findable by its new words soon after', async () => {
    await fs.writeFile(join(vault.root, 'Journal.md'), '# Journal\nSaw a kingfisher by the canal.\n');
    await fs.writeFile(join(vault.root, 'Birds.md'), 'A list of herons.\n');
    const found = async (): Promise<boolean> => pathsOf(await vault.search({ q: 'kingfisher canal' })).join() === 'Journal.md' && pathsOf(await vault.search({ q: 'herons' })).join() === 'Birds.md';
    expect(await pollUntil(found, 10_000)).toBe(true);
  });
});

/** Calls `check` every 10 ms until it says true (→ true) or `timeoutMs` passes (→ false). */
async function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await delay(10);
  }
}

describe('a search while the index is being built', () => {
  it('answers from the notes indexed so far with an index_building warning and progress', async () => {
    const files = Object.fromEntries(Array.from({ length: 40 }, (_unused, index) => [`n${String(index).padStart(2, '0')}.md`, `Note ${index} about comets.\n`]));
    const scheduler = new SteppedScheduler();
    const vault = await openSearchVault(await writeTempFolder(files), { search: { scheduler, sliceMs: 1 } });
    await vault.engine.search?.start();
    await scheduler.held();
    await scheduler.step();
    const during = await vault.search({ q: 'comets', limit: 100 });
    expect(during.warnings?.map((warning) => warning.code)).toEqual(['index_building']);
    expect(during.index?.state).toBe('building');
    expect(during.index?.total).toBe(40);
    expect(during.index?.indexed).toBe(2);
    expect(during.results).toHaveLength(2);
    expect(during.warnings?.[0]?.message).toMatch(/still being built/);
    scheduler.runFreely();
    await vault.engine.search?.whenReady();
    const after = await vault.search({ q: 'comets', limit: 100 });
    expect(after.results).toHaveLength(40);
    expect(after.warnings).toBeUndefined();
    expect(after.index).toBeUndefined();
    await vault.dispose();
  });

  it('saves after the quiet period, not on every change', async () => {
    const scheduler = new SteppedScheduler();
    const vault = await openSearchVault(await writeTempFolder({ 'a.md': 'apple\n' }), { search: { scheduler, sliceMs: 1_000_000 } });
    await vault.engine.search?.whenReady();
    await vault.engine.search?.settled();
    expect(vault.engine.search?.status().size_on_disk).toBe(0);
    expect(scheduler.timers.size).toBe(1);
    scheduler.fireTimers();
    await vault.engine.search?.settled();
    expect(vault.engine.search?.status().size_on_disk).toBe(0);
    expect(scheduler.timers.size).toBe(1);
    scheduler.advance(60_000);
    scheduler.fireTimers();
    await vault.engine.search?.settled();
    expect(vault.engine.search?.status().size_on_disk).toBeGreaterThan(0);
    await vault.dispose();
  });
});
