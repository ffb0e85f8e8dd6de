import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/core/errors';
import { EXIT_CODES } from '../../packages/indx-mcp/src/report-error';
import { isolatedEnvironment, printedError, runCli } from './run-cli';

describe('the CLI exit code table', () => {
  // A new engine error code must get a deliberate exit code, not fall through to 1 unnoticed.
  it('places every engine error code in exactly one row', () => {
    const placed = EXIT_CODES.flatMap((row) => row.codes);
    for (const code of ERROR_CODES) expect([code, placed.filter((candidate) => candidate === code).length]).toEqual([code, 1]);
  });
});

describe('usage errors exit 2 on every command, as the help says', () => {
  let home: string;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'indx-usage-'));
  });

  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it.each([
    ['an unknown command', ['frobnicate']],
    ['no command at all', []],
    ['an unknown option of an operation command', ['note', 'get', 'Welcome.md', '--bogus']],
    ['a client the installer does not know', ['mcp', 'install', '-t', 'notepad']],
    ['a scope that is not a choice', ['mcp', 'status', '-s', 'everywhere']],
    ['serve without --vault', ['serve']],
    ['a port that is no port', ['serve', '--vault', '.', '--port', 'x']],
    ['an unknown token subcommand', ['token', 'frobnicate']],
  ])('%s', async (_case, args) => {
    const result = await runCli(args, isolatedEnvironment(home, { HOME: home }));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('help and version still exit 0', async () => {
    expect((await runCli(['--help'])).code).toBe(0);
    expect((await runCli(['mcp', 'install', '--help'])).code).toBe(0);
    expect((await runCli(['--version'])).code).toBe(0);
  });
});

describe('a --vault that is no folder', () => {
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'indx-novault-'));
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  // `serve` used to take the write lock first, which created the folder and served it empty.
  it.each([
    ['serve', (vault: string) => ['serve', '--vault', vault, '--port', '0']],
    ['token list', (vault: string) => ['token', 'list', '--vault', vault]],
    ['mcp serve --stdio', (vault: string) => ['mcp', 'serve', '--stdio', '--vault', vault]],
    ['an operation command', (vault: string) => ['note', 'list', '--vault', vault]],
  ])('%s refuses with not_found (exit 3) and creates nothing', async (_command, argsFor) => {
    const vault = join(parent, 'Misspelt vault');
    const result = await runCli(argsFor(vault), isolatedEnvironment(parent));
    expect(result.code).toBe(3);
    expect(printedError(result).code).toBe('not_found');
    expect(printedError(result).message).toContain(vault);
    expect(existsSync(vault)).toBe(false);
  });
});
