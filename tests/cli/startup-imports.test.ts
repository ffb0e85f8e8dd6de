import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnvironment, runProcess } from '../release/release-harness';
import { runCli } from './run-cli';

// `indx --help`, `indx note --help` and `indx --version` (issue 15, item 1) evaluate only what the
// command's entry imports statically: in the bundle, a module reached only through `await
// import()` is wrapped by esbuild and evaluated when that import runs. This test reads the
// production build's metafile and follows the static imports from cli.ts; the registry, zod,
// the engine, the servers and the SDKs must not be among them. How fast that makes the command
// is `npm run bench:cli`'s to measure, never a test's to assert.

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

const ENTRY = 'packages/indx-mcp/src/cli.ts';

/** What the command must not evaluate before it runs a command that needs it. */
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

/** The inputs evaluated when the bundle starts: reachable from `entry` by static imports and requires. */
function evaluatedAtStart(meta: Metafile, entry: string): Set<string> {
  const reached = new Set([entry]);
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const imported of meta.inputs[file]?.imports ?? []) {
      if (imported.external === true || imported.kind === 'dynamic-import' || reached.has(imported.path)) continue;
      reached.add(imported.path);
      pending.push(imported.path);
    }
  }
  return reached;
}

describe('what the indx command loads to print its help and version', () => {
  let meta: Metafile;

  beforeAll(async () => {
    const folder = await mkdtemp(join(tmpdir(), 'indx-cli-metafile-'));
    try {
      const metafile = join(folder, 'cli.meta.json');
      const result = await runProcess(process.execPath, ['esbuild.config.mjs', 'production'], { env: cleanEnvironment({ INDX_CLI_METAFILE: metafile }) });
      expect(result.code).toBe(0);
      meta = JSON.parse(await readFile(metafile, 'utf8')) as Metafile;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('evaluates none of the registry, the engine, the servers, zod, yaml, express or the MCP SDK at start, though cli.js holds them all', () => {
    const atStart = [...evaluatedAtStart(meta, ENTRY)];
    // The walk reads real imports: the entry's commands and the manifest are reached, and the
    // deferred modules are in the bundle, behind a dynamic import.
    expect(atStart).toEqual(expect.arrayContaining([ENTRY, 'packages/indx-mcp/src/commands/operation-manifest.json', 'packages/indx-mcp/src/mcp/register-mcp-commands.ts']));
    expect(atStart.some((input) => /node_modules\/commander\//.test(input))).toBe(true);
    for (const [what, pattern] of DEFERRED) {
      expect([what, Object.keys(meta.inputs).some((input) => pattern.test(input))]).toEqual([what, true]);
      expect([what, atStart.filter((input) => pattern.test(input))]).toEqual([what, []]);
    }
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
