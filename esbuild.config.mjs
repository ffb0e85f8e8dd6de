import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

/**
 * Builds in memory, then writes each output beside its target and renames it into place, so a
 * test process starting the CLI while another build runs never reads a half-written file.
 */
async function buildAtomically(options) {
  const result = await esbuild.build({ ...options, write: false });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents, { mode: 0o755 });
    renameSync(temporary, file.path);
  }
}

const builds = [cli, ...(existsSync(plugin.entryPoints[0]) ? [plugin] : [])];
await Promise.all(builds.map((options) => buildAtomically(options)));
