// `npm run bench:startup`: what indx costs Obsidian at start-up (issue 15, item 2), the built
// plugin against the last build before issue 15's size cuts, side by side in the same run.
// Each sample is a fresh Node process (bench/lib/startup-sample.ts, bundled here with esbuild
// together with the tests' fake `obsidian` module) that evaluates main.js, awaits the plugin's
// onload, makes the layout ready and polls until an agent gets its first answers on /mcp and on
// REST. Baseline and candidate samples alternate, so a machine that gets busier part-way through
// weighs on both alike. Writes bench/results/<date>-startup.md (and .json). Never part of `npm test`.
//
// The candidate is the main.js of the current tree: the script builds it first
// (`node esbuild.config.mjs production`) unless --no-build, which takes main.js as it is. The
// baseline is bench/baselines/main-d189fcf.js.gz (see bench/baselines/README.md).
//
// Flags: --samples 15 (per build)  --no-build  --no-write  --results DIR (default bench/results)
//        --timeout 60 (seconds per sample)
//        --profile DIR (V8 CPU profile of each require, written to DIR; implies --no-write, the
//        profiler slows what it watches)
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import esbuild from 'esbuild';
import { spread, startRun } from './lib/run-facts.mjs';
import { REPO_ROOT, RESULTS_DIR } from './lib/paths.mjs';

const { values: flags } = parseArgs({
  options: {
    samples: { type: 'string', default: '15' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    results: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    profile: { type: 'string' },
  },
});
const samples = Math.max(1, Number(flags.samples));
const timeoutMs = Number(flags.timeout) * 1000;
const profileDir = flags.profile === undefined ? undefined : resolve(flags.profile);
const write = !flags['no-write'] && profileDir === undefined;
const resultsDir = flags.results === undefined ? RESULTS_DIR : resolve(flags.results);
const log = (line) => console.log(`[startup] ${line}`);

/** The build before issue 15's size cuts (bench/baselines/README.md says how it was made). */
const BASELINE = { label: 'baseline d189fcf', file: join(REPO_ROOT, 'bench/baselines/main-d189fcf.js.gz') };

/**
 * The phases, in the order a sample measures them, with issue 15's goals where it sets one. The
 * goals are held against the candidate's median; tests never assert them (speed lives here).
 */
const PHASES = [
  { key: 'evaluation_ms', label: 'evaluation: require(main.js)', unit: 'ms', goal: 60 },
  { key: 'evaluation_heap_retained_mb', label: 'heap kept by evaluation (after a full GC)', unit: 'MB' },
  { key: 'evaluation_heap_mb', label: 'heap grown during evaluation (garbage included)', unit: 'MB' },
  { key: 'evaluation_rss_mb', label: 'RSS grown during evaluation', unit: 'MB' },
  { key: 'onload_ms', label: 'onload (enable until its promise resolves)', unit: 'ms', goal: 10 },
  { key: 'first_mcp_ms', label: 'layout ready → first MCP answer (initialize + vault_status)', unit: 'ms' },
  { key: 'first_rest_ms', label: 'layout ready → first REST answer (GET /v1/vault/status)', unit: 'ms' },
  { key: 'rss_answered_mb', label: 'RSS after the first answers (whole process)', unit: 'MB' },
];

/** Bundles the sample script with the fake app; the fake's global-object.js relies on sloppy mode, which a bundle is not. */
async function bundleSample(workDir) {
  const outfile = join(workDir, 'startup-sample.cjs');
  const globalThisShim = {
    name: 'global-object',
    setup(build) {
      build.onLoad({ filter: /[\\/]fake[\\/]global-object\.js$/ }, () => ({ contents: 'module.exports = () => globalThis;', loader: 'js' }));
    },
  };
  await esbuild.build({ entryPoints: [join(REPO_ROOT, 'bench/lib/startup-sample.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', plugins: [globalThisShim], logLevel: 'warning' });
  return outfile;
}

function describeFile(path) {
  const bytes = readFileSync(path);
  return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Copies both builds into the run's folder, so a rebuild during the run changes nothing. */
function prepareBuilds(workDir) {
  if (!flags['no-build']) {
    log('building the candidate: node esbuild.config.mjs production');
    const built = spawnSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the build failed:\n${built.stderr}`);
  }
  const candidateSource = join(REPO_ROOT, 'main.js');
  if (!existsSync(candidateSource)) throw new Error('main.js is missing: build it (npm run build) or drop --no-build');
  const builds = [];
  for (const [name, label, contents] of [
    ['baseline', BASELINE.label, gunzipSync(readFileSync(BASELINE.file))],
    ['candidate', `candidate ${gitDescription()}`, readFileSync(candidateSource)],
  ]) {
    mkdirSync(join(workDir, name));
    const main = join(workDir, name, 'main.js');
    writeFileSync(main, contents);
    builds.push({ name, label, main, ...describeFile(main), samples: [], failures: [] });
  }
  return builds;
}

function gitDescription() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim() !== '';
  return head === '' ? 'working tree' : `${head}${dirty ? ' + uncommitted changes' : ''}`;
}

/** How many files the sample vaults hold (for the report). */
let vaultFiles = 0;

/** A copy of the demo vault in a folder of its own (the plugin's state and discovery files land there too). */
function makeVault(workDir, index) {
  const folder = mkdtempSync(join(workDir, `sample-${index}-`));
  const vault = join(folder, 'vault');
  // State a headless `indx serve` may have left in the demo vault would be adopted by the plugin.
  cpSync(join(REPO_ROOT, 'demo-vault'), vault, { recursive: true, filter: (source) => !/[\\/]\.(indx|trash)$/.test(source) });
  vaultFiles = readdirSync(vault, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  return { folder, vault };
}

/** One sample: a fresh process; resolves to its figures or throws why it failed. */
function runSample(sampleScript, build, vault, manifest, round) {
  return new Promise((resolvePromise, reject) => {
    const job = { main: build.main, vault, manifest, ...(profileDir === undefined ? {} : { profile: join(profileDir, `${build.name}-${round + 1}.cpuprofile`) }) };
    const child = spawn(process.execPath, ['--expose-gc', sampleScript, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((text) => text.startsWith('STARTUP_SAMPLE '));
      if (code === 0 && line !== undefined) resolvePromise(JSON.parse(line.slice('STARTUP_SAMPLE '.length)));
      else reject(new Error(signal === 'SIGKILL' ? `stopped after ${timeoutMs / 1000} s` : `exited with ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

function summarise(build) {
  const phases = {};
  for (const phase of PHASES) {
    const values = build.samples.map((sample) => sample[phase.key]);
    phases[phase.key] = spread(values);
  }
  return phases;
}

function render(meta, builds) {
  const [baseline, candidate] = builds;
  const figure = (value, unit) => (unit === 'ms' ? `${value.toFixed(1)} ms` : `${value.toFixed(1)} MB`);
  const cell = (stats, unit) => (stats === null ? 'n/a' : `${figure(stats.median, unit)} / ${figure(stats.p90, unit)} / ${figure(stats.min, unit)}`);
  const change = (before, after) => (before === null || after === null || before.median === 0 ? '' : `${after.median >= before.median ? '+' : '−'}${Math.abs(((after.median - before.median) / before.median) * 100).toFixed(0)}%`);
  const verdict = (phase, stats) => (phase.goal === undefined ? '' : stats === null ? 'n/a' : stats.median <= phase.goal ? `**PASS** (≤ ${phase.goal} ${phase.unit})` : `**MISS** (≤ ${phase.goal} ${phase.unit}: ${(stats.median - phase.goal).toFixed(1)} over)`);
  const sizes = builds.map((build) => `${build.label}: ${build.bytes.toLocaleString('en-US')} bytes, sha256 \`${build.sha256}\``);
  const failures = builds.flatMap((build) => build.failures.map((failure) => `- ${build.label}, sample ${failure.index + 1}: ${failure.error}`));
  return [
    `# Plugin start-up: evaluation, onload, first answer (${meta.date})`,
    '',
    `\`${meta.command}\` on ${meta.machine}; Node ${meta.node}; ${meta.os}; ${meta.durationSeconds} s in all. Load average (1, 5, 15 min) ${meta.loadAverage.start.join(', ')} at the start, ${meta.loadAverage.end.join(', ')} at the end: other work on the machine inflates every figure.`,
    '',
    `${samples} sample(s) per build, baseline and candidate alternating (the order swaps every round), each a fresh \`node --expose-gc\` process with the tests' fake \`obsidian\` module over a copy of \`demo-vault\` (${meta.vaultFiles} files). Each cell: median / p90 (nearest rank) / min; the min is what the machine gives with the least interference. MB = 2^20 bytes. Goals (issue 15) are checked on the candidate's median.`,
    '',
    ...sizes.map((line) => `- ${line}`),
    '',
    `| phase | ${baseline.label} | ${candidate.label} | change (median) | goal |`,
    '|---|---|---|---|---|',
    ...PHASES.map((phase) => `| ${phase.label} | ${cell(baseline.summary[phase.key], phase.unit)} | ${cell(candidate.summary[phase.key], phase.unit)} | ${change(baseline.summary[phase.key], candidate.summary[phase.key])} | ${verdict(phase, candidate.summary[phase.key])} |`),
    '',
    'What each phase is: evaluation is `require(main.js)` until the module returns (compiling and running its top level); the heap and RSS figures are the growth it caused, from a collected heap. onload is `app.enable(plugin)` (the app calls `load()`, awaiting the async `onload`). The first answers are polled every 2 ms from `setLayoutReady()`: an MCP session (`initialize`, `notifications/initialized`, `tools/call vault_status`) and `GET /v1/vault/status`, at the same time, on 127.0.0.1 with a read+write token made before the clock starts. The last RSS is the whole sample process (fake app and vault included) once both have answered.',
    ...(failures.length === 0 ? [] : ['', '## Failed samples', '', ...failures]),
    '',
  ].join('\n');
}

async function main() {
  const runFacts = startRun('bench:startup');
  const workDir = mkdtempSync(join(tmpdir(), 'indx-startup-'));
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'manifest.json'), 'utf8'));
  let builds;
  try {
    builds = prepareBuilds(workDir);
    const sampleScript = await bundleSample(workDir);
    if (profileDir !== undefined) mkdirSync(profileDir, { recursive: true });
    for (let round = 0; round < samples; round += 1) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const { folder, vault } = makeVault(workDir, round);
        try {
          const sample = await runSample(sampleScript, build, vault, manifest, round);
          build.samples.push(sample);
          log(`${build.name} ${round + 1}/${samples}: evaluation ${sample.evaluation_ms.toFixed(1)} ms, onload ${sample.onload_ms.toFixed(1)} ms, first MCP answer ${sample.first_mcp_ms.toFixed(1)} ms, first REST answer ${sample.first_rest_ms.toFixed(1)} ms, RSS ${sample.rss_answered_mb.toFixed(0)} MB`);
        } catch (error) {
          build.failures.push({ index: round, error: error.message });
          log(`${build.name} ${round + 1}/${samples} failed: ${error.message}`);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  for (const build of builds) build.summary = summarise(build);
  const date = new Date().toISOString().slice(0, 10);
  const meta = {
    date,
    ...runFacts(),
    vaultFiles,
    samples,
    goals: Object.fromEntries(PHASES.filter((phase) => phase.goal !== undefined).map((phase) => [phase.key, phase.goal])),
  };
  const report = render(meta, builds);
  console.log(report);
  if (profileDir !== undefined) log(`CPU profiles of each require in ${profileDir}, <build>-<sample>.cpuprofile (open in Chrome DevTools or speedscope)`);
  if (write) {
    mkdirSync(resultsDir, { recursive: true });
    const markdown = join(resultsDir, `${date}-startup.md`);
    const json = join(resultsDir, `${date}-startup.json`);
    writeFileSync(markdown, report);
    const raw = builds.map(({ name, label, bytes, sha256, summary, samples: figures, failures }) => ({ name, label, bytes, sha256, summary, samples: figures, failures }));
    writeFileSync(json, `${JSON.stringify({ ...meta, builds: raw }, null, 2)}\n`);
    log(`wrote ${markdown} and ${json}`);
  }
  if (builds.some((build) => build.failures.length > 0)) process.exitCode = 1;
}

await main();
