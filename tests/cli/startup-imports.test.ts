import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnvironment, runProcess } from '../release/release-harness';
import { runCli } from './run-cli';

// `indx --help`, `indx note --help` and `indx --version` (issue 15, item 1) compile and evaluate
// only dist/cli.js: what the actions run is dist/cli-runtime.js, required on first use
// (load-runtime.ts; `runtimeBoundary` in esbuild.config.mjs). This test reads the production
// build's metafiles: the registry, zod, the engine, the servers and the SDKs must be in the
// runtime and none of them in cli.js. How fast that makes the command is `npm run bench:cli`'s to
// measure, never a test's to assert.

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** What the command must not compile before it runs a command that needs it. */
const DEFERRED: [string, RegExp][] = [
  ['the operation registry', /^src\/core\/ops\/all-operations\.ts$/],
  ['the engine', /^src\/core\/engine\.ts$/],
  ['the HTTP and MCP servers', /^src\/server\//],
  ['the Node vault host', /^src\/hosts\/node\/node-vault-host\.ts$/],
  ['zod', /node_modules\/zod\//],
  ['yaml', /node_modules\/yaml\//],
  ['express', /node_modules\/express\//],
  ['the MCP SDK', /node_modules\/@modelcontextprotocol\//],
];

describe('what the indx command compiles to print its help and version', () => {
  let startup: Metafile;
  let runtime: Metafile;

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'indx-cli-metafile-'));
    try {
      const files = { INDX_CLI_METAFILE: join(folder, 'cli.meta.json'), INDX_CLI_RUNTIME_METAFILE: join(folder, 'cli-runtime.meta.json') };
      const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production'], { env: cleanEnvironment(files) });
      expect(result.code).toBe(0);
      startup = JSON.parse(await readFile(files.INDX_CLI_METAFILE, 'utf8')) as Metafile;
      runtime = JSON.parse(await readFile(files.INDX_CLI_RUNTIME_METAFILE, 'utf8')) as Metafile;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps the registry, the engine, the servers, zod, yaml, express and the MCP SDK out of cli.js, in cli-runtime.js', () => {
    const inStartup = Object.keys(startup.inputs);
    const inRuntime = Object.keys(runtime.inputs);
    // The checks read real inputs: cli.js holds the commands and the manifest, the runtime the actions.
    expect(inStartup).toEqual(expect.arrayContaining(['packages/indx-mcp/src/cli.ts', 'packages/indx-mcp/src/commands/operation-manifest.json', 'packages/indx-mcp/src/mcp/register-mcp-commands.ts']));
    expect(inRuntime).toEqual(expect.arrayContaining(['packages/indx-mcp/src/runtime.ts', 'packages/indx-mcp/src/commands/operation-command-plan.ts', 'packages/indx-mcp/src/commands/serve-run.ts']));
    for (const [what, pattern] of DEFERRED) {
      expect([what, inStartup.filter((input) => pattern.test(input))]).toEqual([what, []]);
      expect([what, inRuntime.some((input) => pattern.test(input))]).toEqual([what, true]);
    }
    // cli.js reaches the runtime in one place only: the require that load-runtime.ts becomes.
    const external = Object.values(startup.inputs).flatMap((input) => input.imports.filter((imported) => imported.external === true && !imported.path.startsWith('node:')));
    expect(external.map((imported) => [imported.path, imported.kind])).toEqual([['./cli-runtime.js', 'require-call']]);
  });

  it('still prints the whole help: every group, the exit codes, and each group lists its commands with their arguments', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const group of ['vault', 'note', 'search', 'link', 'tag', 'canvas', 'base', 'ai', 'debug', 'token', 'serve', 'mcp']) expect(help.stdout).toMatch(new RegExp(`\\n {2}${group}\\b`));
    expect(help.stdout).toContain('Exit codes');
    const note = await runCli(['note', '--help']);
    expect(note.stdout).toMatch(/\n {2}get \[options\] \[path\] +Read a note \(note_read\)\./);
  });
});
