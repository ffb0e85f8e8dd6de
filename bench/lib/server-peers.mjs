// The peer MCP servers of the server phase, installed by the benchmark at bench time with
// `npm install --prefix <its temp folder>` (never at test time, never into the repository).
// obsidian-mcp 2 refuses to start on Node < 22, so a Node 22 binary from the npm registry
// (node-<platform>-<arch>, the package the `node` package installs) is put in the same folder
// and runs it when the benchmark itself runs on an older Node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The peers, pinned: the versions issue 16 measured. */
export const PEERS = {
  'obsidian-mcp': { pkg: 'obsidian-mcp', version: '2.0.1', bin: 'dist/main.js', minNode: 22 },
  mcpvault: { pkg: '@bitbonsai/mcpvault', version: '0.16.0', bin: 'dist/server.js', minNode: 20 },
};
const NODE_MAJOR = 22;

function installedVersion(prefix, pkg) {
  const file = join(prefix, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

/**
 * Installs the peers `keys` into `prefix` (skipped when the pinned versions are there already).
 * Returns `{ [key]: { main, node, nodeVersion, version } | { unavailable } }`: `node` is the
 * Node binary that runs the peer.
 */
export function installPeers(keys, prefix, log) {
  mkdirSync(prefix, { recursive: true });
  const runningMajor = Number(process.versions.node.split('.')[0]);
  const needsNode = keys.some((key) => PEERS[key].minNode > runningMajor);
  const nodePkg = `node-${process.platform}-${process.arch}`;
  const wanted = keys.filter((key) => installedVersion(prefix, PEERS[key].pkg) !== PEERS[key].version).map((key) => `${PEERS[key].pkg}@${PEERS[key].version}`);
  if (needsNode && installedVersion(prefix, nodePkg) === null) wanted.push(`${nodePkg}@${NODE_MAJOR}`);
  let failure = null;
  if (wanted.length > 0) {
    log(`npm install --prefix ${prefix} ${wanted.join(' ')}`);
    const started = performance.now();
    const result = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--no-package-lock', '--loglevel', 'error', ...wanted], { encoding: 'utf8', timeout: 300_000 });
    if (result.status !== 0) failure = `npm install failed (${result.error?.message ?? `exit ${result.status}`}): ${`${result.stderr}`.trim().split('\n').slice(-3).join(' ')}`;
    else log(`installed in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const node22 = join(prefix, 'node_modules', nodePkg, 'bin', 'node');
  const peers = {};
  for (const key of keys) {
    const { pkg, bin, minNode } = PEERS[key];
    const version = installedVersion(prefix, pkg);
    if (version === null) {
      peers[key] = { unavailable: failure ?? `${pkg} is not installed in ${prefix}` };
      continue;
    }
    const node = minNode > runningMajor && existsSync(node22) ? node22 : process.execPath;
    const nodeVersion = node === process.execPath ? process.version : spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    peers[key] = { main: join(prefix, 'node_modules', pkg, bin), node, nodeVersion, version };
  }
  return peers;
}
