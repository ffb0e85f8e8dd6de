// `npm run cli-manifest`: writes packages/indx-mcp/src/commands/operation-manifest.json, the
// operation commands (name, title, description, cli words, positional arguments) that the `indx`
// command registers at start-up without loading the registry (see registerOperationCommands).
// Run it after changing any of those in an operation; tests/cli/operation-manifest.test.ts fails
// while the file is stale. The registry is TypeScript: bundled with esbuild into a temp file and
// run with this Node, as scripts/conformance.mjs does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'packages/indx-mcp/src/commands/operation-manifest.json');
const folder = mkdtempSync(join(tmpdir(), 'indx-cli-manifest-'));
try {
  const bundle = join(folder, 'manifest.cjs');
  await esbuild.build({
    stdin: { contents: "import { operationManifest } from './packages/indx-mcp/src/commands/operation-command-plan';\nprocess.stdout.write(JSON.stringify(operationManifest(), null, 2));\n", resolveDir: root, loader: 'ts', sourcefile: 'cli-manifest.ts' },
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  const manifest = execFileSync(process.execPath, [bundle], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  writeFileSync(target, `${manifest}\n`);
  console.log(`wrote ${target} (${JSON.parse(manifest).length} operation commands)`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
