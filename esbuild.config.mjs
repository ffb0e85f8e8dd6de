import { builtinModules } from 'node:module';
import { existsSync } from 'node:fs';
import esbuild from 'esbuild';

const production = process.argv[2] === 'production';
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

// The `indx` command: one self-contained file (every dependency bundled, nothing fetched at run time).
const cli = {
  entryPoints: ['packages/indx-mcp/src/cli.ts'],
  outfile: 'packages/indx-mcp/dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: nodeBuiltins,
  banner: { js: '#!/usr/bin/env node' },
  sourcemap: production ? false : 'inline',
  logLevel: 'info',
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
  minify: false,
  sourcemap: production ? false : 'inline',
  logLevel: 'info',
};

const builds = [cli, ...(existsSync(plugin.entryPoints[0]) ? [plugin] : [])];
await Promise.all(builds.map((options) => esbuild.build(options)));
