// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, needs Node >= 22,
// fetched from the npm registry with npx) against indx's real HTTP server, for both protocol
// revisions, with the committed baselines of expected failures (conformance/*.yml, each entry
// with its reason). Exits non-zero on a regression or a stale baseline entry.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import esbuild from 'esbuild';

const CONFORMANCE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const REVISIONS = ['2025-11-25', '2026-07-28'];
const root = resolve(import.meta.dirname, '..');

const bundle = join(mkdtempSync(join(tmpdir(), 'indx-conformance-build-')), 'server.cjs');
await esbuild.build({ entryPoints: [join(root, 'scripts/conformance-server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });

const server = spawn(process.execPath, [bundle, join(root, 'demo-vault')], { stdio: ['pipe', 'pipe', 'inherit'] });
const { url } = await new Promise((done, fail) => {
  createInterface({ input: server.stdout }).once('line', (line) => done(JSON.parse(line)));
  server.once('exit', (code) => fail(new Error(`conformance server exited with ${code}`)));
});
console.log(`indx conformance server at ${url}`);

let failed = false;
for (const revision of REVISIONS) {
  console.log(`\n=== MCP conformance, --requirements ${revision} ===`);
  const baselineFile = join(root, 'conformance', `baseline-${revision}.yml`);
  const run = spawnSync('npx', ['-y', '-p', 'node@22', '-p', CONFORMANCE, '--', 'conformance', 'server', '--url', url, '--requirements', revision, '--expected-failures', baselineFile], { encoding: 'utf8', cwd: root, maxBuffer: 64 * 1024 * 1024 });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  const stale = staleEntries(readFileSync(baselineFile, 'utf8'), run.stdout);
  // The suite does not flag a baselined scenario that now passes: a stale entry would hide a
  // later regression, so it fails the run here.
  if (stale.length > 0) console.log(`Stale baseline entries (they pass now; remove them from ${baselineFile}): ${stale.join(', ')}`);
  if (run.status !== 0 || stale.length > 0) failed = true;
}
server.stdin.end();
process.exitCode = failed ? 1 : 0;

/**
 * Scenario-level baseline entries whose scenario the run reports as passing (✓). Entries whose
 * reason mentions a warning are kept: the suite prints ✓ for a scenario whose only findings are
 * SHOULD-level warnings, yet still counts it as failed against the baseline.
 */
function staleEntries(baseline, output) {
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const passed = new Set([...plain.matchAll(/^\s*✓ ([\w-]+):/gm)].map((match) => match[1]));
  const entries = [...baseline.matchAll(/^\s*- ([\w-]+)\s*(?:#(.*))?$/gm)].filter((match) => !/warning/i.test(match[2] ?? '')).map((match) => match[1]);
  return entries.filter((entry) => passed.has(entry));
}
