// `npm run bench:cli`: how long the `indx` command takes to answer when it does next to nothing
// (issue 15, item 1): `indx --help`, `indx note --help` and `indx --version`, each sample a fresh
// process, interleaved with bare `node -e 0` so that what Node itself costs on this machine, at
// this moment, is measured beside it. Writes bench/results/<date>-cli-startup.md (and .json).
// Never part of `npm test`; tests/bench/cli-startup-bench.test.ts only checks that it measures.
//
// The candidate is packages/indx-mcp/dist/ of the current tree (cli.js, which is started, and the
// files beside it): the script builds it first (`node esbuild.config.mjs production`) unless
// --no-build. `--baseline REV` also builds the CLI of a git revision (git archive into a temp
// folder, this repository's node_modules linked in) and measures it in the same rounds, for a
// before/after taken under the same load.
//
// Flags: --samples 15 (per command and build)  --no-build  --no-write  --results DIR
//        --baseline REV (e.g. 3487d0a)  --goal 150 (ms, held against each command's median)
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { spread, startRun } from './lib/run-facts.mjs';
import { REPO_ROOT, RESULTS_DIR } from './lib/paths.mjs';

const { values: flags } = parseArgs({
  options: {
    samples: { type: 'string', default: '15' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    results: { type: 'string' },
    baseline: { type: 'string' },
    goal: { type: 'string', default: '150' },
  },
});
const samples = Math.max(1, Number(flags.samples));
const goalMs = Number(flags.goal);
const resultsDir = flags.results === undefined ? RESULTS_DIR : resolve(flags.results);
const log = (line) => console.log(`[cli-startup] ${line}`);

/** What each sample runs after `node`: the CLI's arguments (the build's cli.js is put first), or bare Node. */
const COMMANDS = [
  { key: 'help', label: 'indx --help', args: ['--help'] },
  { key: 'note_help', label: 'indx note --help', args: ['note', '--help'] },
  { key: 'version', label: 'indx --version', args: ['--version'] },
];
const BARE = { key: 'bare', label: 'node -e 0 (bare Node)', node: ['-e', '0'] };

/**
 * Preloaded into every sample, bare Node included (so it costs them all alike): at exit it writes
 * the process's peak RSS (getrusage's ru_maxrss, KiB) to the file INDX_BENCH_RSS_FILE names. It
 * works wherever Node does, unlike /usr/bin/time's options, and `exit` fires on process.exit() too,
 * which is how commander ends after printing help.
 */
const RSS_PRELOAD = `require('node:process').on('exit', () => require('node:fs').writeFileSync(process.env.INDX_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n`;

function describeFile(path) {
  const bytes = readFileSync(path);
  return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function git(args, cwd = REPO_ROOT) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function gitDescription() {
  const head = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return `${head}${dirty ? ' + uncommitted changes' : ''}`;
}

function buildIn(root) {
  const built = spawnSync(process.execPath, ['esbuild.config.mjs', 'production'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the build in ${root} failed:\n${built.stderr}`);
}

/** The CLI of git revision `rev`, built in a folder of its own with this repository's node_modules. */
function buildRevision(rev, workDir) {
  const root = join(workDir, 'baseline-tree');
  mkdirSync(root);
  execFileSync('sh', ['-c', 'git archive "$0" | tar -x -C "$1"', rev, root], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  log(`building the baseline (${rev}) in ${root}`);
  buildIn(root);
  return join(root, 'packages/indx-mcp/dist/cli.js');
}

/** Copies each build's dist folder into the run's folder, so a rebuild during the run changes nothing. */
function prepareBuilds(workDir) {
  if (!flags['no-build']) {
    log('building the candidate: node esbuild.config.mjs production');
    buildIn(REPO_ROOT);
  }
  const sources = [];
  if (flags.baseline !== undefined) sources.push({ name: 'baseline', label: `baseline ${git(['rev-parse', '--short', flags.baseline])}`, file: buildRevision(flags.baseline, workDir) });
  sources.push({ name: 'candidate', label: `candidate ${gitDescription()}`, file: join(REPO_ROOT, 'packages/indx-mcp/dist/cli.js') });
  return sources.map(({ name, label, file }) => {
    // Since issue 15 the command is cli.js (what every start compiles) and cli-runtime.js (what the
    // actions run); a build from before has cli.js only.
    mkdirSync(join(workDir, name));
    const files = readdirSync(dirname(file)).filter((entry) => entry.endsWith('.js'));
    for (const entry of files) copyFileSync(join(dirname(file), entry), join(workDir, name, entry));
    const cli = join(workDir, name, 'cli.js');
    const others = files.filter((entry) => entry !== 'cli.js').map((entry) => `${entry} ${statSync(join(workDir, name, entry)).size.toLocaleString('en-US')} bytes`);
    return { name, label, cli, ...describeFile(cli), others };
  });
}

/** One fresh process: wall time from spawn to exit as this process sees it, and the child's peak RSS. */
function runSample(argv, preload, rssFile) {
  rmSync(rssFile, { force: true });
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--require', preload, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INDX_BENCH_RSS_FILE: rssFile }, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`node ${argv.join(' ')} exited with ${child.status ?? child.signal}: ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { ms, rss_mb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

function render(meta, rows) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  const mb = (value) => `${value.toFixed(1)} MB`;
  const cell = (figures, unit) => (figures === null ? 'n/a' : `${unit(figures.median)} / ${unit(figures.p90)} / ${unit(figures.min)}`);
  const bare = rows.find((row) => row.key === 'bare');
  const signed = (value) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)} ms`;
  const overBare = (row) => (row.key === 'bare' || row.time === null || bare.time === null ? '' : signed(row.time.median - bare.time.median));
  const verdict = (row) => (row.key === 'bare' ? '' : row.time === null ? 'n/a' : row.time.median <= goalMs ? `**PASS** (≤ ${goalMs} ms)` : `**MISS** (≤ ${goalMs} ms: ${(row.time.median - goalMs).toFixed(1)} over)`);
  return [
    `# CLI start-up: indx --help, indx note --help, indx --version (${meta.date})`,
    '',
    `\`${meta.command}\` on ${meta.machine}; Node ${meta.node}; ${meta.os}; ${meta.durationSeconds} s in all. Load average (1, 5, 15 min) ${meta.loadAverage.start.join(', ')} at the start, ${meta.loadAverage.end.join(', ')} at the end: other work on the machine inflates every figure, bare Node's included.`,
    '',
    `${samples} sample(s) per row, each a fresh \`node\` process; every round runs every row once, in an order that rotates from round to round, so a machine that gets busier part-way weighs on all rows alike. Time: from spawn to exit as the benchmark sees it (process start, evaluating cli.js, printing). RSS: the process's peak (ru_maxrss), written at exit by a one-line preload that every row, bare Node included, carries. Each cell: median / p90 (nearest rank) / min. MB = 2^20 bytes. The ${goalMs} ms goal (issue 15) is held against each command's median, bare Node's time included.`,
    '',
    ...meta.builds.map((build) => `- ${build.label}: cli.js ${build.bytes.toLocaleString('en-US')} bytes, sha256 \`${build.sha256}\`; beside it ${build.others.join(', ')}`),
    '',
    '| command | time | over bare Node (median) | peak RSS | goal |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.label} | ${cell(row.time, ms)} | ${overBare(row)} | ${cell(row.rss, mb)} | ${verdict(row)} |`),
    ...(meta.failures.length === 0 ? [] : ['', '## Failed samples', '', ...meta.failures.map((failure) => `- ${failure}`)]),
    '',
  ].join('\n');
}

function main() {
  const runFacts = startRun('bench:cli');
  const workDir = mkdtempSync(join(tmpdir(), 'indx-cli-startup-'));
  const failures = [];
  let builds;
  let rows;
  try {
    builds = prepareBuilds(workDir);
    const preload = join(workDir, 'report-max-rss.cjs');
    writeFileSync(preload, RSS_PRELOAD);
    const rssFile = join(workDir, 'max-rss');
    rows = [
      { ...BARE, argv: BARE.node, samples: [] },
      ...builds.flatMap((build) => COMMANDS.map((command) => ({ key: command.key, build: build.name, label: builds.length === 1 ? command.label : `${command.label} (${build.label})`, argv: [build.cli, ...command.args], samples: [] }))),
    ];
    for (let round = 0; round < samples; round += 1) {
      const shift = round % rows.length;
      for (const row of [...rows.slice(shift), ...rows.slice(0, shift)]) {
        try {
          row.samples.push(runSample(row.argv, preload, rssFile));
        } catch (error) {
          failures.push(`${row.label}, round ${round + 1}: ${error.message}`);
        }
      }
      log(`round ${round + 1}/${samples}: ${rows.map((row) => `${row.label} ${row.samples.at(-1)?.ms.toFixed(0) ?? '?'} ms`).join(', ')}`);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  for (const row of rows) {
    row.time = spread(row.samples.map((sample) => sample.ms));
    row.rss = spread(row.samples.map((sample) => sample.rss_mb));
  }
  const date = new Date().toISOString().slice(0, 10);
  const meta = {
    date,
    ...runFacts(),
    samples,
    goalMs,
    builds: builds.map(({ name, label, bytes, sha256, others }) => ({ name, label, bytes, sha256, others })),
    failures,
  };
  const report = render(meta, rows);
  console.log(report);
  if (!flags['no-write']) {
    mkdirSync(resultsDir, { recursive: true });
    const markdown = join(resultsDir, `${date}-cli-startup.md`);
    const json = join(resultsDir, `${date}-cli-startup.json`);
    writeFileSync(markdown, report);
    const raw = rows.map(({ key, build, label, time, rss, samples: figures }) => ({ key, build: build ?? null, label, time, rss, samples: figures }));
    writeFileSync(json, `${JSON.stringify({ ...meta, rows: raw }, null, 2)}\n`);
    log(`wrote ${markdown} and ${json}`);
  }
  if (failures.length > 0) process.exitCode = 1;
}

main();
