#!/usr/bin/env node
// `npm run release`: the files of a GitHub release, written to release/ (see docs/releasing.md).
//
//   node scripts/release.mjs            check the versions, build for production, write release/
//   node scripts/release.mjs --check    only check that every version agrees; print it
//   --out DIR                           write there instead of <root>/release
//   --root DIR                          the repository to release (default: this script's)
//
// Refuses (exit 1, before building anything) when package.json, packages/indx-mcp/package.json,
// manifest.json, versions.json and ENGINE_VERSION disagree. Output is reproducible: the same
// commit gives the same bytes (the zip has fixed times; npm pack fixes its own).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { zipPluginFolder } from './lib/plugin-zip.mjs';
import { checkReleaseVersion, ReleaseError } from './lib/release-versions.mjs';
import { readTarEntries } from './lib/tar-entries.mjs';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What Obsidian (and BRAT) download from a release, by these exact names. */
const PLUGIN_ASSETS = ['main.js', 'manifest.json', 'styles.css'];

/** The checksum file: `sha256sum -c SHA256SUMS` verifies every other file of the release. */
const CHECKSUMS = 'SHA256SUMS';

/** Runs `command args…` in `cwd`, its output shown; a failure is a ReleaseError naming the command. */
function run(command, args, cwd, stdio = 'inherit') {
  try {
    return execFileSync(command, args, { cwd, stdio, encoding: 'utf8' });
  } catch (error) {
    throw new ReleaseError(`"${[command, ...args].join(' ')}" failed (${error.status ?? error.message})`, { cause: error });
  }
}

// What a development build appends (esbuild's inline source map); a release never ships one.
const SOURCE_MAP = /^\/\/# sourceMappingURL=/m;

/** Throws when `bytes` (the file `name`) carries a source map, i.e. is not a production build. */
function assertProductionBuild(name, bytes) {
  if (SOURCE_MAP.test(bytes.toString('utf8'))) throw new ReleaseError(`${name} has an inline source map: it is a development build (did another build run meanwhile?); run the release again`);
}

/** Step: the production build (plugin main.js at the root, the CLI in packages/indx-mcp/dist). */
function buildProduction({ root }) {
  run(process.execPath, ['esbuild.config.mjs', 'production'], root);
  return [];
}

/** Step: main.js, manifest.json and styles.css, as Obsidian's release assets. */
function copyPluginAssets({ root, out }) {
  for (const name of PLUGIN_ASSETS) copyFileSync(join(root, name), join(out, name));
  assertProductionBuild('main.js', readFileSync(join(out, 'main.js')));
  return PLUGIN_ASSETS;
}

/** Step: indx-<version>.zip, the same three files in a folder `indx/`. */
function zipPlugin({ out, version }) {
  const name = `indx-${version}.zip`;
  const files = Object.fromEntries(PLUGIN_ASSETS.map((asset) => [asset, readFileSync(join(out, asset))]));
  writeFileSync(join(out, name), zipPluginFolder(files));
  return [name];
}

/** Step: indx-mcp-<version>.tgz, `npm pack` of the CLI package (what `npm publish` uploads). */
function packCli({ root, out, version }) {
  const printed = run('npm', ['pack', '--workspace', 'packages/indx-mcp', '--pack-destination', out, '--json'], root, ['ignore', 'pipe', 'inherit']);
  const [{ filename }] = JSON.parse(printed);
  if (filename !== `indx-mcp-${version}.tgz`) throw new ReleaseError(`npm pack wrote ${filename}, expected indx-mcp-${version}.tgz`);
  for (const entry of readTarEntries(readFileSync(join(out, filename)))) {
    if (entry.name.endsWith('.js')) assertProductionBuild(`${filename}: ${entry.name}`, entry.data);
  }
  return [filename];
}

/**
 * Step: indx-<version>.mcpb, the Claude Desktop extension for any vault (the user picks the
 * vault, or leaves it empty for the only running server), written by the built CLI.
 */
function bundleForClaudeDesktop({ root, out, version }) {
  const name = `indx-${version}.mcpb`;
  run(process.execPath, [join(root, 'packages/indx-mcp/dist/cli.js'), 'mcp', 'bundle', '--output', join(out, name)], root, ['ignore', 'ignore', 'inherit']);
  return [name];
}

/**
 * The release, in order. Each step gets `{ root, out, version }`, writes into `out` and returns
 * the names it wrote; SHA256SUMS then covers them all. To ship another file, append a step.
 */
const STEPS = [buildProduction, copyPluginAssets, zipPlugin, packCli, bundleForClaudeDesktop];

/** Writes SHA256SUMS (`<hex>  <name>` lines, sorted by name) for `names` in `out`. */
function writeChecksums(out, names) {
  const lines = [...names].sort().map((name) => `${createHash('sha256').update(readFileSync(join(out, name))).digest('hex')}  ${name}\n`);
  writeFileSync(join(out, CHECKSUMS), lines.join(''));
  return CHECKSUMS;
}

/** Creates `out`, or removes the files left in it by an earlier release (folders are left alone). */
function prepareOutput(out) {
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    if (entry.isFile()) rmSync(join(out, entry.name));
  }
}

/** Checks the versions, then runs every step into `out`; returns the version and the names written. */
function release(root, out) {
  const version = checkReleaseVersion(root);
  prepareOutput(out);
  const files = STEPS.flatMap((step) => step({ root, out, version }));
  return { version, files: [...files, writeChecksums(out, files)] };
}

/** Prints what a release wrote, one file a line with its size. */
function report(out, { version, files }) {
  console.log(`indx ${version}: ${files.length} files in ${out}`);
  for (const name of files) console.log(`  ${name}  ${statSync(join(out, name)).size} bytes`);
}

/** The options given, or a ReleaseError saying which are accepted. */
function parseOptions() {
  try {
    return parseArgs({ options: { check: { type: 'boolean' }, out: { type: 'string' }, root: { type: 'string' } } }).values;
  } catch (error) {
    throw new ReleaseError(`${error.message}; usage: node scripts/release.mjs [--check] [--out DIR] [--root DIR]`, { cause: error });
  }
}

/** The command line: `--check` prints the agreed version; otherwise the whole release. */
function main() {
  const values = parseOptions();
  const root = resolve(values.root ?? REPOSITORY);
  if (values.check === true) return console.log(checkReleaseVersion(root));
  const out = resolve(values.out ?? join(root, 'release'));
  report(out, release(root, out));
}

try {
  main();
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`release: ${error.message}`);
  process.exitCode = 1;
}
