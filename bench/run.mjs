// `npm run bench`: the search benchmark. Generates (or reuses) seeded vaults of 10k/50k/100k
// notes from the real corpora, then runs our engine, MiniSearch and Orama side by side, each
// phase in its own fresh process with a time limit, and writes bench/results/<date>-search.md
// (and latest.md, plus the raw figures as JSON). Never part of `npm test`.
//
// Flags: --sizes 10000,50000,100000  --engines indx,indx-cached-reads,minisearch,orama (files
//        in bench/engines: .mjs as is, .ts bundled)  --seed 1
//        --timeout 300 (seconds per phase)  --heap 6144 (MB per child)  --no-scifact  --no-write
//        --repeat 3 (build and load phases run N times each; the report shows medians)
//        --notes FILE (markdown added to the report under "Notes": the why of a missed gate)
//        --render bench/results/<date>-search.json (no run: re-renders that run's markdown,
//        e.g. with --notes; writes <date>-search.md and latest.md)
//        --no-server (skips the server phase that follows the search phase: bench/server.mjs
//        on the same sizes, which writes bench/results/<date>-server.md)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import esbuild from 'esbuild';
import { REPO_ROOT, RESULTS_DIR } from './lib/paths.mjs';
import { renderReport } from './lib/report.mjs';
import { runChild } from './lib/run-child.mjs';
import { ensureScifactVault } from './lib/scifact.mjs';
import { ensureVault } from './lib/vault-cache.mjs';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,50000,100000' },
    engines: { type: 'string', default: 'indx,indx-cached-reads,minisearch,orama' },
    seed: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '300' },
    heap: { type: 'string', default: '6144' },
    'no-scifact': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    notes: { type: 'string' },
    repeat: { type: 'string', default: '1' },
    render: { type: 'string' },
    'no-server': { type: 'boolean', default: false },
  },
});
const sizes = flags.sizes.split(',').map(Number).filter((size) => size > 0);
const seed = Number(flags.seed);
const repeat = Math.max(1, Number(flags.repeat));
const limits = { timeoutMs: Number(flags.timeout) * 1000, heapMb: Number(flags.heap) };
const log = (line) => console.log(`[bench] ${line}`);

/** Where each engine's adapter module lives; ours is TypeScript, bundled with esbuild first. */
async function resolveAdapter(key, workDir) {
  const plain = join(REPO_ROOT, `bench/engines/${key}.mjs`);
  if (existsSync(plain)) return { module: plain };
  const entry = join(REPO_ROOT, `bench/engines/${key}.ts`);
  if (!existsSync(entry)) return { unavailable: `bench/engines/${key}.ts does not exist (yet)` };
  const outfile = join(workDir, `${key}-adapter.cjs`);
  try {
    await esbuild.build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
    return { module: outfile };
  } catch (error) {
    return { unavailable: `bundling bench/engines/${key}.ts failed: ${String(error.message).split('\n').slice(0, 3).join(' ')}` };
  }
}

/** Short figures for the log line after a phase. */
function summary(values) {
  const shown = Object.entries(values).filter(([key]) => !['engine', 'done', 'engineStats'].includes(key));
  return shown.map(([key, value]) => `${key}=${typeof value === 'number' ? Number(value.toFixed(2)) : value}`).join(' ');
}

/** Runs one phase for one engine and logs it. */
async function phase(label, job) {
  log(`${label} …`);
  const result = await runChild(job, limits);
  log(`${label}: ${result.status} ${summary(result)}`);
  return result;
}

/** Build then cold-load for every engine at one vault size. */
async function runSize(size, adapters, workDir) {
  const vault = ensureVault({ seed, count: size, log });
  const entry = { info: vault.info, engines: {} };
  for (const [key, adapter] of Object.entries(adapters)) {
    if (adapter.unavailable) {
      entry.engines[key] = { unavailable: adapter.unavailable };
      continue;
    }
    const folder = join(workDir, `${size}-${key}`);
    const job = { adapterModule: adapter.module, vaultDir: vault.vaultDir, docsFile: vault.docsFile, pathsFile: vault.pathsFile, queriesFile: vault.queriesFile, updatesFile: vault.updatesFile, persistDir: join(folder, 'persist'), stateDir: join(folder, 'state'), expectedFile: join(folder, 'expected.json') };
    const rounds = { build: [], load: [] };
    for (let round = 1; round <= repeat; round++) {
      const label = `${key} ${size}${repeat > 1 ? ` (round ${round}/${repeat})` : ''}`;
      const build = await phase(`${label} build`, { ...job, phase: 'build' });
      if (build.status !== 'ok') restoreVault(vault);
      const load = build.persistedBytes !== undefined ? await phase(`${label} load`, { ...job, stateDir: join(folder, 'state-load'), phase: 'load' }) : undefined;
      rmSync(folder, { recursive: true, force: true });
      rounds.build.push(build);
      rounds.load.push(load);
      if (build.status !== 'ok' || load?.status !== 'ok') break;
    }
    entry.engines[key] = { build: medianOf(rounds.build), load: medianOf(rounds.load) };
  }
  return entry;
}

/**
 * One phase's figures over several rounds: each number is the median of the rounds; other
 * values come from the last round. A round that did not finish is reported as it is.
 */
function medianOf(phases) {
  const failed = phases.find((result) => result === undefined || result.status !== 'ok');
  if (failed !== undefined || phases.length === 1) return failed ?? phases[0];
  const combined = { ...phases.at(-1), rounds: phases.length };
  for (const [key, value] of Object.entries(combined)) {
    if (typeof value !== 'number' || key === 'rounds') continue;
    const sorted = phases.map((result) => result[key]).sort((a, b) => a - b);
    combined[key] = sorted[Math.floor((sorted.length - 1) / 2)];
  }
  return combined;
}

/** Rewrites the notes the update step edits, in case a stopped child left them edited. */
function restoreVault(vault) {
  const docs = JSON.parse(readFileSync(vault.docsFile, 'utf8'));
  for (const { id } of JSON.parse(readFileSync(vault.updatesFile, 'utf8'))) writeFileSync(join(vault.vaultDir, docs[id].path), docs[id].frontmatter + docs[id].body);
}

/** SciFact nDCG@10 for every engine. */
async function runScifact(adapters, workDir) {
  const vaultDir = ensureScifactVault();
  const scores = {};
  for (const [key, adapter] of Object.entries(adapters)) {
    const folder = join(workDir, `scifact-${key}`);
    scores[key] = adapter.unavailable ? { status: 'unavailable', unavailable: adapter.unavailable } : await phase(`${key} scifact`, { adapterModule: adapter.module, vaultDir, stateDir: join(folder, 'state'), phase: 'scifact' });
    rmSync(folder, { recursive: true, force: true });
  }
  return scores;
}

/** Name and version each engine reported (from whichever phase ran). */
function engineTitles(keys, results) {
  return keys.map((key) => {
    const runs = Object.values(results.sizes).flatMap((entry) => [entry.engines[key]?.build, entry.engines[key]?.load]);
    const reported = [...runs, results.scifact[key]].find((run) => run?.engine)?.engine;
    return { key, name: reported?.name ?? key, version: reported?.version };
  });
}

/** Writes the markdown (and, for a fresh run, the raw JSON) under bench/results. */
function writeResults(results, { withJson }) {
  if (flags.notes) results.notes = readFileSync(flags.notes, 'utf8').trim();
  const markdown = renderReport(results);
  if (flags['no-write']) return console.log(markdown);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${results.meta.date}-search.md`), markdown);
  writeFileSync(join(RESULTS_DIR, 'latest.md'), markdown);
  if (withJson) writeFileSync(join(RESULTS_DIR, `${results.meta.date}-search.json`), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/${results.meta.date}-search.md and latest.md`);
}

if (flags.render) {
  writeResults(JSON.parse(readFileSync(flags.render, 'utf8')), { withJson: false });
  process.exit(0);
}

const started = Date.now();
const loadAtStart = loadavg()[0];
const workDir = mkdtempSync(join(tmpdir(), 'indx-bench-run-'));
const engineKeys = flags.engines.split(',');
const adapters = {};
for (const key of engineKeys) adapters[key] = await resolveAdapter(key, workDir);
const results = { sizes: {}, scifact: {} };
try {
  for (const size of sizes) results.sizes[size] = await runSize(size, adapters, workDir);
  if (!flags['no-scifact']) results.scifact = await runScifact(adapters, workDir);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
results.engines = engineTitles(engineKeys, results);
const date = new Date().toISOString().slice(0, 10);
results.meta = {
  date,
  command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, ''),
  machine: `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB`,
  node: process.version,
  seed,
  repeat,
  timeoutSeconds: Number(flags.timeout),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  loadAverage: { start: Number(loadAtStart.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
};
writeResults(results, { withJson: true });

// The server phase (issue 16): whole processes (indx serve, indx mcp serve --stdio, the peers,
// MiniSearch) on the same vaults, in fresh processes after the search phase has finished.
if (!flags['no-server']) {
  log('server phase: node bench/server.mjs');
  const serverArgs = ['--sizes', sizes.join(','), '--seed', String(seed), ...(flags['no-write'] ? ['--no-write'] : [])];
  const server = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/server.mjs'), ...serverArgs], { stdio: 'inherit' });
  if (server.status !== 0) {
    log(`the server phase failed (${server.error?.message ?? `exit ${server.signal ?? server.status}`})`);
    process.exitCode = 1;
  }
}
