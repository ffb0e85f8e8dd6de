// `npm run bench:server`: the server phase of the benchmark (issue 16, item 4). Spawns the built
// `indx serve` (HTTP) and `indx mcp serve --stdio` on the generated vaults and on the real
// corpora, cold (a fresh copy of the vault, no state folder) and warm (a second start on the same
// copy after the first stopped cleanly), and in the same run two peer MCP servers (obsidian-mcp
// and MCPVault, installed by the benchmark into its own temp folder) and MiniSearch reading the
// notes itself in its own process. Times from the spawn to `initialize`, to the first search
// answer and to the first complete one, RSS then, and search p50/p95 over MCP. Writes
// bench/results/<date>-server.md (and .json). Never part of `npm test`; `npm run bench` runs it
// after the search phase.
//
// Flags: --sizes 10000,50000,100000 (generated vaults; 0 or '' for none)  --seed 1
//        --servers indx-http,indx-stdio,obsidian-mcp,mcpvault,minisearch
//        --corpora dnd-srd,eips,dendron-site,kepano-vault,tldr-pages  --no-corpora
//        --queries 100 (queries per pass)  --search-budget 30 (seconds for the timed pass; the warm-up pass gets a third)
//        --timeout 600 (seconds per start)  --no-peers  --peers-dir DIR (install or reuse the peers there)
//        --vault DIR (an extra vault folder, e.g. a copy of demo-vault; queries sampled from it)
//        --no-write (prints the report instead)  --results DIR (default bench/results)
//        --json FILE (also writes the raw figures there, even with --no-write)
//        --notes FILE (markdown added to the report under "Notes": the why of a missed gate)
//        --render bench/results/<date>-server.json (no run: re-renders that run's markdown, e.g. with --notes)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusFolder } from './lib/corpus-pool.mjs';
import { listVaultMarkdown } from './lib/list-markdown.mjs';
import { CORPORA_DIR, REPO_ROOT, RESULTS_DIR, packageVersion } from './lib/paths.mjs';
import { sampleQueries } from './lib/query-set.mjs';
import { startRun } from './lib/run-facts.mjs';
import { SERVER_KINDS, measureStart } from './lib/server-measure.mjs';
import { installPeers, PEERS } from './lib/server-peers.mjs';
import { renderServerReport } from './lib/server-report.mjs';
import { ensureVault } from './lib/vault-cache.mjs';

const ALL_CORPORA = 'dnd-srd,eips,dendron-site,kepano-vault,tldr-pages';
const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,50000,100000' },
    seed: { type: 'string', default: '1' },
    servers: { type: 'string', default: Object.keys(SERVER_KINDS).join(',') },
    corpora: { type: 'string', default: ALL_CORPORA },
    'no-corpora': { type: 'boolean', default: false },
    queries: { type: 'string', default: '100' },
    'search-budget': { type: 'string', default: '30' },
    timeout: { type: 'string', default: '600' },
    'no-peers': { type: 'boolean', default: false },
    'peers-dir': { type: 'string' },
    vault: { type: 'string', multiple: true, default: [] },
    'no-write': { type: 'boolean', default: false },
    results: { type: 'string' },
    json: { type: 'string' },
    notes: { type: 'string' },
    render: { type: 'string' },
  },
});
const resultsDir = flags.results === undefined ? RESULTS_DIR : resolve(flags.results);

/** Writes the markdown (and, for a fresh run, the raw JSON) under the results folder. */
function writeResults(results, { withJson }) {
  if (flags.notes !== undefined) results.notes = readFileSync(flags.notes, 'utf8').trim();
  const markdown = renderServerReport(results);
  if (flags.json !== undefined) writeFileSync(resolve(flags.json), `${JSON.stringify(results, null, 2)}\n`);
  if (flags['no-write']) return console.log(markdown);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${results.meta.date}-server.md`), markdown);
  if (withJson) writeFileSync(join(resultsDir, `${results.meta.date}-server.json`), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`[server] wrote ${relative(REPO_ROOT, join(resultsDir, `${results.meta.date}-server.md`))}${withJson ? ' and .json' : ''}`);
}

if (flags.render !== undefined) {
  writeResults(JSON.parse(readFileSync(flags.render, 'utf8')), { withJson: false });
  process.exit(0);
}

const finish = startRun('bench:server');
const log = (line) => console.log(`[server] ${line}`);
const seed = Number(flags.seed);
const sizes = flags.sizes.split(',').map(Number).filter((size) => size > 0);
const queryCount = Math.max(1, Number(flags.queries));
const timeoutMs = Number(flags.timeout) * 1000;
const searchBudgetMs = Number(flags['search-budget']) * 1000;
const cli = join(REPO_ROOT, 'packages/indx-mcp/dist/cli.js');
const serverKeys = flags.servers.split(',').filter(Boolean);
for (const key of serverKeys) if (!(key in SERVER_KINDS)) throw new Error(`unknown server "${key}" (known: ${Object.keys(SERVER_KINDS).join(', ')})`);
const peerKeys = flags['no-peers'] ? [] : serverKeys.filter((key) => SERVER_KINDS[key].peer);
const runKeys = serverKeys.filter((key) => !SERVER_KINDS[key].peer || peerKeys.includes(key));
if (runKeys.some((key) => SERVER_KINDS[key].indx) && !existsSync(cli)) throw new Error('Build first: npm run build');

/** A vault folder of real notes: queries sampled from its notes as the generated vaults' are. */
function folderVault(key, label, dir) {
  const files = listVaultMarkdown(dir);
  let bytes = 0;
  const docs = files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    bytes += Buffer.byteLength(text);
    return { title: basename(file, '.md'), body: text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '') };
  });
  return { key, label, dir, notes: files.length, bytes, queries: sampleQueries(docs, queryCount, seed) };
}

/** The vaults of this run: generated sizes, then the corpora, then any --vault folders. */
function vaultsOfRun() {
  const vaults = [];
  for (const size of sizes) {
    const vault = ensureVault({ seed, count: size, log });
    vaults.push({ key: String(size), label: `${size.toLocaleString('en-US')} generated notes`, size, dir: vault.vaultDir, notes: vault.info.count, bytes: vault.info.bytes, queries: JSON.parse(readFileSync(vault.queriesFile, 'utf8')).slice(0, queryCount) });
  }
  if (!flags['no-corpora']) {
    for (const name of flags.corpora.split(',').filter(Boolean)) vaults.push(folderVault(`corpus:${name}`, `corpus ${name}`, corpusFolder(name)));
  }
  for (const dir of flags.vault) vaults.push(folderVault(`folder:${basename(resolve(dir))}`, `folder ${basename(resolve(dir))}`, resolve(dir)));
  return vaults;
}

/** A fresh copy of `source` under `target` (no indx state folder), with the `.obsidian` folder a vault has. */
function freshCopy(source, target) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const copied = spawnSync('cp', ['-a', `${source}/.`, target], { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`copying ${source} failed: ${copied.stderr}`);
  rmSync(join(target, '.indx'), { recursive: true, force: true });
  rmSync(join(target, '.obsidian', 'plugins', 'indx', 'state'), { recursive: true, force: true });
  // obsidian-mcp serves only folders with an `.obsidian` directory; every server gets the same copy.
  mkdirSync(join(target, '.obsidian'), { recursive: true });
}

/** Short figures for the log line after a start. */
function summary(record) {
  const shown = ['initialize_ms', 'rest_status_ms', 'ready_ms', 'first_answer_ms', 'first_complete_ms', 'partial_answers', 'rss_ready_mb', 'search_p50_ms', 'search_p95_ms', 'queries_timed', 'rest_search_p50_ms', 'stop_ms', 'state_mb'];
  const values = shown.filter((key) => record[key] !== undefined).map((key) => `${key}=${Number(record[key].toFixed?.(key.endsWith('_ms') && record[key] < 10 ? 2 : 0) ?? record[key])}`);
  return `${record.status}${record.error ? ` (${record.error})` : ''} ${values.join(' ')}`;
}

const workDir = mkdtempSync(join(tmpdir(), 'indx-server-bench-'));
const peersDir = flags['peers-dir'] === undefined ? join(workDir, 'peers') : resolve(flags['peers-dir']);
const results = { vaults: [], servers: [], failures: [] };
try {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('INDX_'))), INDX_HOME: join(workDir, 'indx-home') };
  const ctx = { cli, env, peers: peerKeys.length > 0 ? installPeers(peerKeys, peersDir, log) : {}, minisearchChild: join(REPO_ROOT, 'bench/lib/server-minisearch-child.mjs') };
  const indxVersion = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/indx-mcp/package.json'), 'utf8')).version;
  results.servers = runKeys.map((key) => {
    const spec = SERVER_KINDS[key];
    if (spec.peer) {
      const peer = ctx.peers[key];
      return { key, label: spec.label, package: PEERS[key].pkg, version: peer.version ?? PEERS[key].version, node: peer.nodeVersion, search: spec.search, unavailable: peer.unavailable };
    }
    return { key, label: spec.label, version: spec.indx ? indxVersion : packageVersion('minisearch'), node: process.version, search: spec.search };
  });
  for (const vault of vaultsOfRun()) {
    log(`${vault.label}: ${vault.notes} notes, ${(vault.bytes / 2 ** 20).toFixed(0)} MB, ${vault.queries.length} queries`);
    const entry = { key: vault.key, label: vault.label, size: vault.size, notes: vault.notes, bytes: vault.bytes, queries: vault.queries.length, runs: {} };
    results.vaults.push(entry);
    for (const server of results.servers) {
      if (server.unavailable) {
        entry.runs[server.key] = { cold: { status: 'unavailable', error: server.unavailable }, warm: { status: 'unavailable', error: server.unavailable } };
        continue;
      }
      const copy = join(workDir, 'vault');
      freshCopy(vault.dir, copy);
      const runs = {};
      for (const mode of ['cold', 'warm']) {
        if (mode === 'warm' && runs.cold.status !== 'ok') {
          runs.warm = { status: 'skipped', error: `the cold start did not finish (${runs.cold.status})` };
          continue;
        }
        log(`${vault.label} · ${server.key} ${mode} …`);
        runs[mode] = await measureStart({ kind: server.key, vaultDir: copy, queries: vault.queries, ctx, timeoutMs, searchBudgetMs, stopTimeoutMs: Math.min(timeoutMs, 120_000) });
        log(`${vault.label} · ${server.key} ${mode}: ${summary(runs[mode])}`);
        if (runs[mode].status !== 'ok') results.failures.push({ vault: vault.key, server: server.key, mode, status: runs[mode].status, error: runs[mode].error, output: runs[mode].output_tail });
      }
      entry.runs[server.key] = runs;
      rmSync(copy, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
results.meta = { date: new Date().toISOString().slice(0, 10), ...finish(), seed, queries: queryCount, searchBudgetSeconds: searchBudgetMs / 1000, timeoutSeconds: timeoutMs / 1000, peersInstalled: peerKeys.length > 0 && flags['peers-dir'] === undefined ? 'npm install --prefix <temp folder> at the start of the run' : flags['peers-dir'], corporaDir: relative(REPO_ROOT, CORPORA_DIR) };
writeResults(results, { withJson: true });
