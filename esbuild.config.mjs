import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve as resolvePath, sep } from 'node:path';
import esbuild from 'esbuild';

const production = process.argv[2] === 'production';
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

// The stand-alone stdio relay (dist/relay.js): what a Claude Desktop bundle (.mcpb) runs with the
// Node that Claude Desktop ships. Small on purpose (no SDK schemas, no engine): built first, and
// embedded as text in the CLI and the plugin, which both write bundles.
const relay = {
  entryPoints: ['packages/indx-mcp/src/relay.ts'],
  outfile: 'packages/indx-mcp/dist/relay.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  external: nodeBuiltins,
  minify: true,
  legalComments: 'none',
  logLevel: 'info',
};

/**
 * Size cuts shared by the CLI and the plugin (docs/decisions/0010-plugin-bundle-size.md):
 * - zod: `export * as locales` keeps all ~50 locales whenever some module imports `{ z }` (a
 *   namespace object cannot be shaken): only `en`, zod's default, is kept.
 * - the MCP SDK's Node `_shims` make Ajv (150 kB) the default JSON Schema validator, used only for
 *   elicitation results, which indx never requests: the SDK's own edge default (cf-worker) instead.
 * - body-parser and raw-body call three functions of iconv-lite (490 kB of code tables): a shim
 *   on TextDecoder (every WHATWG encoding; utf-32 and legacy code pages get 415).
 * - express needs mime-db (150 kB) for the few types res.json and res.send set, and bundles qs
 *   for query and urlencoded parsers indx never chooses: a subset, and node:querystring.
 */
const SHIMS = resolvePath(import.meta.dirname, 'build/shims');
const sizeCuts = {
  name: 'size-cuts',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: `${SHIMS}/zod-locales-en.js` } : undefined));
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, () => ({ path: `${SHIMS}/mcp-server-shims.js` }));
    build.onResolve({ filter: /^@modelcontextprotocol\/client\/_shims$/ }, () => ({ path: `${SHIMS}/mcp-client-shims.js` }));
    build.onResolve({ filter: /^iconv-lite$/ }, () => ({ path: `${SHIMS}/iconv-lite.js` }));
    build.onResolve({ filter: /^mime-db$/ }, () => ({ path: `${SHIMS}/mime-db.js` }));
    build.onResolve({ filter: /^qs$/ }, () => ({ path: `${SHIMS}/qs.js` }));
  },
};

/** `import relaySource from 'indx:relay-source'`: the built relay's text (see src/types/relay-source.d.ts). */
const relaySource = {
  name: 'relay-source',
  setup(build) {
    build.onResolve({ filter: /^indx:relay-source$/ }, () => ({ path: relay.outfile, namespace: 'relay-source' }));
    build.onLoad({ filter: /.*/, namespace: 'relay-source' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
  },
};

/**
 * `indx --help` and `--version` (issue 15, item 1) would compile every byte of the command at each
 * start, V8's parse of the engine, the servers and the SDKs included, even behind `await import()`
 * (esbuild keeps such a module in the same file, evaluated lazily but compiled up front). So the
 * command is two files: cli.js, what every start needs (commander, the commands' names, options
 * and help), and cli-runtime.js beside it, what the actions run, required by load-runtime.ts on
 * first use. Each bundles its own copy of the modules both use: runtime.ts says what may cross.
 */
const runtimeBoundary = {
  name: 'runtime-boundary',
  setup(build) {
    build.onResolve({ filter: /^\.\/runtime$/ }, (args) => (args.importer.endsWith(`${sep}load-runtime.ts`) ? { path: 'cli-runtime', namespace: 'runtime-boundary' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'runtime-boundary' }, () => ({ contents: "module.exports = require('./cli-runtime.js');", loader: 'js' }));
    // Required at run time from beside cli.js, never bundled into it.
    build.onResolve({ filter: /^\.\/cli-runtime\.js$/ }, (args) => (args.namespace === 'runtime-boundary' ? { path: args.path, external: true } : undefined));
  },
};

// The `indx` command's start-up file: self-contained with cli-runtime.js (every dependency
// bundled, nothing fetched at run time).
const cli = {
  entryPoints: ['packages/indx-mcp/src/cli.ts'],
  outfile: 'packages/indx-mcp/dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: nodeBuiltins,
  banner: { js: '#!/usr/bin/env node' },
  // Every start compiles the whole file: minified, V8 has less to parse. Nothing of ours depends
  // on a function or class name (the error classes set `name` themselves).
  minify: production,
  legalComments: production ? 'eof' : 'inline',
  sourcemap: production ? false : 'inline',
  plugins: [runtimeBoundary],
  logLevel: 'info',
};

// What the `indx` command's actions run (packages/indx-mcp/src/runtime.ts), loaded on first use.
const cliRuntime = {
  ...cli,
  entryPoints: ['packages/indx-mcp/src/runtime.ts'],
  outfile: 'packages/indx-mcp/dist/cli-runtime.js',
  banner: {},
  plugins: [relaySource, sizeCuts],
};

// The Obsidian plugin: one main.js at the repo root, externals as in Obsidian's sample plugin.
const plugin = {
  entryPoints: ['src/hosts/obsidian/main.ts'],
  outfile: 'main.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'es2022',
  external: ['obsidian', 'electron', '@codemirror/*', '@lezer/*', ...nodeBuiltins],
  minify: production,
  legalComments: production ? 'eof' : 'inline',
  sourcemap: production ? false : 'inline',
  plugins: [relaySource, sizeCuts],
  logLevel: 'info',
};

/**
 * Largest production outputs allowed, in bytes: the build fails above them. Obsidian Sync
 * (Standard plan) refuses files over 5 MB, and every byte of main.js is parsed at each app start.
 * Decision 0010 says what was cut to stay under 1.5 MB.
 */
const SIZE_BUDGETS = { 'main.js': Number(process.env.INDX_PLUGIN_SIZE_BUDGET ?? 1_500_000) };

/**
 * Builds in memory, then writes each output beside its target and renames it into place, so a
 * test process starting the CLI while another build runs never reads a half-written file.
 */
async function buildAtomically(options) {
  const metafilePath = { [plugin.outfile]: process.env.INDX_PLUGIN_METAFILE, [cli.outfile]: process.env.INDX_CLI_METAFILE, [cliRuntime.outfile]: process.env.INDX_CLI_RUNTIME_METAFILE }[options.outfile];
  const result = await esbuild.build({ ...options, write: false, metafile: metafilePath !== undefined });
  // What went into main.js, for the test that keeps heavy and process-patching packages out; what
  // went into cli.js and cli-runtime.js, for the test of what `indx --help` compiles.
  if (metafilePath !== undefined) writeFileSync(metafilePath, JSON.stringify(result.metafile));
  for (const file of result.outputFiles) {
    const budget = production ? SIZE_BUDGETS[options.outfile] : undefined;
    if (budget !== undefined && file.contents.length > budget) {
      throw new Error(`${options.outfile} would be ${file.contents.length} bytes, over its budget of ${budget} (INDX_PLUGIN_SIZE_BUDGET): see docs/decisions/0010-plugin-bundle-size.md. Nothing was written.`);
    }
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents, { mode: 0o755 });
    renameSync(temporary, file.path);
  }
}

const builds = [cli, cliRuntime, ...(existsSync(plugin.entryPoints[0]) ? [plugin] : [])];
await buildAtomically(relay);
await Promise.all(builds.map((options) => buildAtomically(options)));
