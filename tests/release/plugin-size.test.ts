import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanEnvironment, ensureProductionBuild, ROOT, runProcess } from './release-harness';

// Obsidian Sync (Standard plan) refuses files over 5 MB, and the app parses every byte of
// main.js at each start. The production build is minified and refuses to write a main.js over its
// budget (SIZE_BUDGETS in esbuild.config.mjs; docs/decisions/0010-plugin-bundle-size.md).

const MAIN_JS = resolve(ROOT, 'main.js');
const BUDGET = 1_500_000;

/**
 * Packages that must not be in main.js: they patch the process every plugin shares
 * (graceful-fs, signal-exit, proper-lockfile's exit hook) or weigh what indx does not use
 * (Ajv, iconv-lite's code tables, the AI SDK, all of mime-db, qs).
 */
const KEPT_OUT = ['graceful-fs', 'signal-exit', 'proper-lockfile', 'ajv', 'iconv-lite', 'ai', '@ai-sdk', '@vercel', '@opentelemetry', 'mime-db', 'qs', 'side-channel', 'object-inspect'];

/** An input of esbuild's metafile: what it imports, and how. */
interface MetaInput {
  imports: { path: string; kind: string; external?: boolean }[];
}

/** The inputs reachable from `entry` through static imports and requires (a dynamic import is evaluated when it runs). */
function eagerInputs(inputs: Record<string, MetaInput>, entry: string): Set<string> {
  const reached = new Set([entry]);
  const next = [entry];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external === true || reached.has(imported.path)) continue;
      reached.add(imported.path);
      next.push(imported.path);
    }
  }
  return reached;
}

describe('the size of the plugin main.js', () => {
  beforeAll(async () => {
    await ensureProductionBuild();
  });

  it('ships minified, within its 1.5 MB budget, with the licence comments of what it bundles', async () => {
    const { size } = await stat(MAIN_JS);
    expect(size).toBeLessThanOrEqual(BUDGET);
    // Minified: no indentation left in the code (an unminified bundle has hundreds of thousands of
    // indented lines); the bundled packages' licence comments follow it.
    const [code, licences] = (await readFile(MAIN_JS, 'utf8')).split('/*! Bundled license information:');
    expect(code!.split('\n').filter((line) => line.startsWith('  ')).length).toBeLessThan(100);
    expect(licences).toContain('MIT Licensed');
  });

  it('bundles none of the packages that patch the process or that indx does not use, only zod’s English locale, and evaluates the engine and server only when they open', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'indx-metafile-'));
    try {
      const metafile = join(folder, 'main.meta.json');
      const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production'], { env: cleanEnvironment({ INDX_PLUGIN_METAFILE: metafile }) });
      expect(result.code).toBe(0);
      const meta = JSON.parse(await readFile(metafile, 'utf8')) as { inputs: Record<string, MetaInput>; outputs: Record<string, { bytes: number }> };
      const packages = new Set(Object.keys(meta.inputs).flatMap((input) => [...input.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].map((match) => match[1] as string)));
      expect([...packages].filter((name) => KEPT_OUT.some((out) => name === out || name.startsWith(`${out}/`)))).toEqual([]);
      // The packages the plugin is made of are really there (the check above reads real names).
      expect([...packages]).toEqual(expect.arrayContaining(['zod', 'yaml', '@modelcontextprotocol/server', 'express']));
      const locales = Object.keys(meta.inputs).filter((input) => /zod\/v4\/locales\/(?!index)/.test(input));
      expect(locales.map((input) => input.replace(/^.*\/locales\//, ''))).toEqual(['en.js']);
      expect(meta.outputs['main.js']?.bytes).toBe((await stat(MAIN_JS)).size);
      // Evaluated when Obsidian loads main.js: what main.ts reaches without a dynamic import. The
      // settings and their zod schemas, the engine, the server, express, the MCP SDK and the
      // operation registry wait for layout-ready (plugin-parts.ts, engine-parts.ts) or for the
      // user action that needs them.
      const eager = eagerInputs(meta.inputs, 'src/hosts/obsidian/main.ts');
      for (const deferred of ['src/core/engine.ts', 'src/server/start-server.ts', 'node_modules/express/', 'node_modules/@modelcontextprotocol/server/', 'src/core/ops/all-operations.ts', 'node_modules/yaml/', 'node_modules/fflate/', 'node_modules/zod/']) {
        expect([deferred, [...eager].some((input) => input.startsWith(deferred))]).toEqual([deferred, false]);
        expect([deferred, Object.keys(meta.inputs).some((input) => input.startsWith(deferred))]).toEqual([deferred, true]);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('fails the build, writing nothing, when main.js would be over its budget', async () => {
    const before = await readFile(MAIN_JS);
    const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production'], { env: cleanEnvironment({ INDX_PLUGIN_SIZE_BUDGET: '1000' }) });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/main\.js would be \d+ bytes, over its budget of 1000/);
    expect(await readFile(MAIN_JS)).toEqual(before);
  });
});
