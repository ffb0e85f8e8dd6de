import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { cleanEnvironment, ensureProductionBuild, ROOT, runProcess } from './release-harness';

// Obsidian Sync (Standard plan) refuses files over 5 MB, and the app parses every byte of
// main.js at each start. The production build is minified and refuses to write a main.js over its
// budget (SIZE_BUDGETS in esbuild.config.mjs; issue 15 brings it down to 1.5 MB).

const MAIN_JS = resolve(ROOT, 'main.js');

describe('the size of the plugin main.js', () => {
  beforeAll(async () => {
    await ensureProductionBuild();
  });

  it('ships minified and small enough for Obsidian Sync', async () => {
    const { size } = await stat(MAIN_JS);
    expect(size).toBeLessThan(5_000_000);
    // Minified: no indentation left (an unminified bundle has hundreds of thousands of indented lines).
    const indented = (await readFile(MAIN_JS, 'utf8')).split('\n').filter((line) => line.startsWith('  ')).length;
    expect(indented).toBeLessThan(100);
  });

  it('fails the build, writing nothing, when main.js would be over its budget', async () => {
    const before = await readFile(MAIN_JS);
    const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production'], { env: cleanEnvironment({ INDX_PLUGIN_SIZE_BUDGET: '1000' }) });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/main\.js would be \d+ bytes, over its budget of 1000/);
    expect(await readFile(MAIN_JS)).toEqual(before);
  });
});
