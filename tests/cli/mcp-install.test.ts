import { execFile } from 'node:child_process';
import { existsSync, promises as fs, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { redactSecrets } from '../../packages/indx-mcp/src/mcp/install/redact-secrets';
import { discoveryFolder, writeDiscovery } from '../../src/server/discovery/discovery-file';
import { CLI } from './run-cli';
import { startShimServer } from './shim-harness';

// `indx mcp install|uninstall|status` through the CLI, in a temporary HOME and project folder:
// each client's real configuration file gets the entry its client starts (an HTTP entry in the
// client's own dialect; for Claude Desktop a stdio entry with an absolute node and script),
// every other entry and key is kept, the file is backed up and written atomically, --dry-run
// writes nothing, and the URL comes from --url, the running server, the vault's port or the
// default. docs/decisions/0005-client-config-locations.md is the specification.

type Target = 'claude-desktop' | 'claude-code' | 'cursor' | 'codex' | 'vscode';
type HttpTarget = Exclude<Target, 'claude-desktop'>;

interface Case {
  target: Target;
  scope: 'user' | 'project';
  /** The file, relative to HOME (user) or the project folder (project). */
  file: string;
  format: 'json' | 'toml';
  /** Where the file keeps its servers. */
  serversKey: 'mcpServers' | 'servers' | 'mcp_servers';
}

const CASES: Case[] = [
  { target: 'claude-desktop', scope: 'user', file: '.config/Claude/claude_desktop_config.json', format: 'json', serversKey: 'mcpServers' },
  { target: 'claude-code', scope: 'user', file: '.claude.json', format: 'json', serversKey: 'mcpServers' },
  { target: 'claude-code', scope: 'project', file: '.mcp.json', format: 'json', serversKey: 'mcpServers' },
  { target: 'cursor', scope: 'user', file: '.cursor/mcp.json', format: 'json', serversKey: 'mcpServers' },
  { target: 'cursor', scope: 'project', file: '.cursor/mcp.json', format: 'json', serversKey: 'mcpServers' },
  { target: 'codex', scope: 'user', file: '.codex/config.toml', format: 'toml', serversKey: 'mcp_servers' },
  { target: 'codex', scope: 'project', file: '.codex/config.toml', format: 'toml', serversKey: 'mcp_servers' },
  { target: 'vscode', scope: 'user', file: '.config/Code/User/mcp.json', format: 'json', serversKey: 'servers' },
  { target: 'vscode', scope: 'project', file: '.vscode/mcp.json', format: 'json', serversKey: 'servers' },
];

const TOKEN = 'indx_test-token-not-a-real-secret';
/** INDX_TOKEN of the installing shell: --token-file wins over it, and project scope writes neither. */
const ENV_TOKEN = 'indx_env-token-not-a-real-secret';
/** Ports nothing listens on: the entries are written with --no-check, so nothing connects to them. */
const URL_A = 'http://127.0.0.1:41871';
const URL_B = 'http://127.0.0.1:41872';
const DEFAULT_URL = 'http://127.0.0.1:27643';

const OTHER_SERVER = { command: 'uvx', args: ['other-server'], env: { OTHER: '1' } };
const OTHER_INPUT = { type: 'promptString', id: 'other-key', description: 'Other API key', password: true };
/** The VS Code input that asks for the token (its wording is the installer's). */
const INDX_INPUT = { type: 'promptString', id: 'indx-token', description: expect.stringContaining('indx') as unknown, password: true };

/** How each client's entry refers to a token it is not given, in the client's own syntax. */
const TOKEN_REFERENCE: Record<Exclude<HttpTarget, 'codex'>, string> = {
  'claude-code': '${INDX_TOKEN}',
  cursor: '${env:INDX_TOKEN}',
  vscode: '${input:indx-token}',
};

/** The entry each HTTP client starts, with the token written in, or referenced the client's way (null). */
function httpEntry(target: HttpTarget, mcpUrl: string, token: string | null): Record<string, unknown> {
  if (target === 'codex') return token === null ? { url: mcpUrl, bearer_token_env_var: 'INDX_TOKEN' } : { url: mcpUrl, http_headers: { Authorization: `Bearer ${token}` } };
  const headers = { Authorization: `Bearer ${token ?? TOKEN_REFERENCE[target]}` };
  return target === 'cursor' ? { url: mcpUrl, headers } : { type: 'http', url: mcpUrl, headers };
}

/** The stdio entry of Claude Desktop: the absolute node running the CLI, the CLI's real path first. */
function stdioEntry(extraArgs: string[], token: string | null): Record<string, unknown> {
  return { command: process.execPath, args: [realpathSync(CLI), 'mcp', 'serve', '--stdio', ...extraArgs], ...(token === null ? {} : { env: { INDX_TOKEN: token } }) };
}

/** What `install --dry-run` says about the token of an entry given none. */
const TOKEN_HINT: Record<Target, string> = {
  'claude-desktop': 'No token was given',
  'claude-code': 'Claude Code expands ${INDX_TOKEN}',
  cursor: 'Cursor expands ${env:INDX_TOKEN}',
  codex: 'bearer_token_env_var',
  vscode: 'VS Code asks for the token',
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary HOME with a project folder and a token file, private to one test. */
interface Sandbox {
  home: string;
  project: string;
  /** A file whose first line is {@link TOKEN}. */
  tokenFile: string;
  /** Runs `indx mcp args…` in the project folder with only PATH and HOME set, plus `extra`; `script` is the CLI run. */
  indxMcp(args: string[], extra?: Record<string, string>, script?: string): Promise<Run>;
  /** The configuration file of a case in this sandbox. */
  pathOf(testCase: Case): string;
}

/** Runs `body` in a new sandbox, removed afterwards. */
async function inSandbox(body: (sandbox: Sandbox) => Promise<void>): Promise<void> {
  const home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-install-home-')));
  const project = join(home, 'project');
  await fs.mkdir(project);
  const tokenFile = join(home, 'token.txt');
  await fs.writeFile(tokenFile, `${TOKEN}\n`);
  const indxMcp = async (args: string[], extra: Record<string, string> = {}, script = CLI): Promise<Run> => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, 'mcp', ...args], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: home, ...extra } });
      return { code: 0, stdout, stderr };
    } catch (error: unknown) {
      const failed = error as Run;
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  try {
    await body({ home, project, tokenFile, indxMcp, pathOf: (testCase) => join(testCase.scope === 'user' ? home : project, testCase.file) });
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}

/** The JSON a run printed on stdout; fails with its stderr when it printed none. */
function printed<T = Record<string, unknown>>(run: Run): T {
  if (run.stdout.trim() === '') throw new Error(`printed nothing (exit ${run.code}): ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/** The `{error}` a failed run printed as the last line of stderr. */
function printedError(run: Run): { code: string; message: string; details: Record<string, unknown> } {
  return (JSON.parse(run.stderr.trimEnd().split('\n').at(-1) ?? '') as { error: { code: string; message: string; details: Record<string, unknown> } }).error;
}

/** An existing configuration: another server (VS Code: and another input), and other keys that must survive. */
function existingText(testCase: Case): string {
  if (testCase.format === 'toml') return '# my Codex settings\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "uvx"\nargs = ["other-server"]\n\n[mcp_servers.other.env]\nOTHER = "1"\n\n# trailing table\n[profiles.fast]\nmodel = "mini"\n';
  // VS Code's file is indented with tabs here: the installer keeps a file's indentation.
  if (testCase.target === 'vscode') return `${JSON.stringify({ servers: { other: OTHER_SERVER }, inputs: [OTHER_INPUT] }, null, '\t')}\n`;
  return `${JSON.stringify({ theme: 'dark', mcpServers: { other: OTHER_SERVER }, projects: { '/x': { allowedTools: [] } } }, null, 2)}\n`;
}

function parseConfig(testCase: Case, text: string): Record<string, unknown> {
  return testCase.format === 'toml' ? parse(text) : (JSON.parse(text) as Record<string, unknown>);
}

async function readConfig(sandbox: Sandbox, testCase: Case): Promise<Record<string, unknown>> {
  return parseConfig(testCase, await fs.readFile(sandbox.pathOf(testCase), 'utf8'));
}

function serversOf(testCase: Case, config: Record<string, unknown>): Record<string, unknown> {
  return (config[testCase.serversKey] ?? {}) as Record<string, unknown>;
}

/** The configuration without its servers (and VS Code's inputs): what the installer must leave as it was. */
function othersOf(testCase: Case, config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => key !== testCase.serversKey && key !== 'inputs'));
}

async function backupsOf(file: string): Promise<string[]> {
  const names = await fs.readdir(dirname(file));
  return names.filter((name) => name.startsWith(`${basename(file)}.indx-backup-`)).map((name) => join(dirname(file), name));
}

async function temporaryFilesBeside(file: string): Promise<string[]> {
  return (await fs.readdir(dirname(file))).filter((name) => name.endsWith('.indx-tmp'));
}

async function modeOf(file: string): Promise<number> {
  return (await fs.stat(file)).mode & 0o777;
}

describe.each(CASES)('$target ($scope): $file', (testCase) => {
  const targetArgs = ['-t', testCase.target, '-s', testCase.scope];
  const isDesktop = testCase.target === 'claude-desktop';
  /** --token-file is given in user scope (project scope refuses it). */
  const givesToken = testCase.scope === 'user';
  /**
   * User scope writes the token of --token-file; project scope refers to it, even with INDX_TOKEN
   * set; so does VS Code in user scope, which keeps the token in its secret storage.
   */
  const writesToken = givesToken && testCase.target !== 'vscode';
  const vaultName = (where: 'A' | 'B'): string => (where === 'A' ? 'My Vault' : 'Other Vault');
  const urlOf = (where: 'A' | 'B'): string => (where === 'A' ? URL_A : URL_B);
  const entryFor = (sandbox: Sandbox, where: 'A' | 'B', token: string | null): Record<string, unknown> =>
    isDesktop ? stdioEntry(['--vault', join(sandbox.project, vaultName(where))], token) : httpEntry(testCase.target as HttpTarget, `${urlOf(where)}/mcp`, token);

  test('install adds the entry to an existing file, keeping every other server and key, backed up and written atomically; again it is unchanged; --force replaces it; uninstall removes only indx', () =>
    inSandbox(async (sandbox) => {
      const file = sandbox.pathOf(testCase);
      await fs.mkdir(dirname(file), { recursive: true });
      await fs.writeFile(file, existingText(testCase));
      await fs.chmod(file, 0o644);
      for (const where of ['A', 'B'] as const) await fs.mkdir(join(sandbox.project, vaultName(where)), { recursive: true });
      const inodeBefore = (await fs.stat(file)).ino;
      const install = (where: 'A' | 'B', extra: string[] = []): Promise<Run> => {
        const whereArgs = isDesktop ? ['--vault', vaultName(where)] : ['--url', urlOf(where)];
        return sandbox.indxMcp(['install', ...targetArgs, ...whereArgs, ...(givesToken ? ['--token-file', sandbox.tokenFile] : []), '--no-check', '--json', ...extra], { INDX_TOKEN: ENV_TOKEN });
      };

      const added = await install('A');
      expect([added.code, added.stderr]).toEqual([0, '']);
      for (const secret of [TOKEN, ENV_TOKEN]) expect(added.stdout).not.toContain(secret);
      const expected = entryFor(sandbox, 'A', writesToken ? TOKEN : null);
      const [backup, ...moreBackups] = await backupsOf(file);
      expect(moreBackups).toEqual([]);
      expect(printed(added)).toEqual({
        target: testCase.target,
        scope: testCase.scope,
        label: expect.any(String) as unknown,
        path: file,
        action: 'added',
        dry_run: false,
        backup,
        entry: redactSecrets(expected),
        token: writesToken ? 'written' : 'referenced',
        token_source: givesToken ? 'token_file' : null,
        address: isDesktop ? null : { url: URL_A, source: 'option' },
        check: null,
      });
      expect(await fs.readFile(backup ?? '', 'utf8')).toBe(existingText(testCase));
      expect(await modeOf(backup ?? '')).toBe(0o600);
      const written = await fs.readFile(file, 'utf8');
      const config = parseConfig(testCase, written);
      expect(serversOf(testCase, config)).toEqual({ other: OTHER_SERVER, indx: expected });
      expect(othersOf(testCase, config)).toEqual(othersOf(testCase, parseConfig(testCase, existingText(testCase))));
      // VS Code: an entry that refers to the token declares the input asking for it, after the inputs already there.
      if (testCase.target === 'vscode') expect(config.inputs).toEqual(writesToken ? [OTHER_INPUT] : [OTHER_INPUT, INDX_INPUT]);
      if (testCase.target === 'vscode') expect(written).toMatch(/^\t"servers": \{$/m);
      // Codex: the edit is made in the text, so the user's comments stay.
      if (testCase.format === 'toml') expect(written).toContain('# my Codex settings\nmodel = "o4"');
      // A file that now holds the token is made private; one that holds none keeps its mode, and no secret.
      expect(await modeOf(file)).toBe(writesToken ? 0o600 : 0o644);
      if (!writesToken) for (const secret of [TOKEN, ENV_TOKEN]) expect(written).not.toContain(secret);
      // Written atomically: a new file renamed over the old one (a new inode), no temporary file left.
      expect((await fs.stat(file)).ino).not.toBe(inodeBefore);
      expect(await temporaryFilesBeside(file)).toEqual([]);

      expect(printed(await install('A'))).toMatchObject({ action: 'unchanged', backup: null });
      expect(await fs.readFile(file, 'utf8')).toBe(written);
      expect(await backupsOf(file)).toHaveLength(1);

      const replaced = printed(await install('B', ['--force']));
      expect(replaced).toMatchObject({ action: 'replaced', backup: expect.stringContaining('.indx-backup-') as unknown });
      expect((await backupsOf(file)).sort()).toEqual([backup, replaced.backup].sort());
      expect(await fs.readFile(replaced.backup as string, 'utf8')).toBe(written);
      expect(serversOf(testCase, await readConfig(sandbox, testCase))).toEqual({ other: OTHER_SERVER, indx: entryFor(sandbox, 'B', writesToken ? TOKEN : null) });

      const removed = printed(await sandbox.indxMcp(['uninstall', ...targetArgs, '--json']));
      expect(removed).toMatchObject({ action: 'removed', dry_run: false, backup: expect.stringContaining('.indx-backup-') as unknown });
      const after = await readConfig(sandbox, testCase);
      expect(serversOf(testCase, after)).toEqual({ other: OTHER_SERVER });
      expect(othersOf(testCase, after)).toEqual(othersOf(testCase, parseConfig(testCase, existingText(testCase))));
      // The VS Code input stays declared: VS Code asks for an input only when a server uses it.
      if (testCase.target === 'vscode') expect(after.inputs).toEqual(writesToken ? [OTHER_INPUT] : [OTHER_INPUT, INDX_INPUT]);
      if (testCase.format === 'toml') expect(await fs.readFile(file, 'utf8')).toContain('# my Codex settings\nmodel = "o4"');
    }),
  );

  test('--dry-run writes nothing (no file, folder or backup); then install without a token creates the file private (0600), the entry referring to the token (Claude Desktop: none)', () =>
    inSandbox(async (sandbox) => {
      const dryRun = await sandbox.indxMcp(['install', ...targetArgs, '--dry-run']);
      expect(dryRun.code).toBe(0);
      expect(dryRun.stdout).toContain(`Would create ${sandbox.pathOf(testCase)}`);
      expect(dryRun.stdout).toContain('Dry run: nothing was written.');
      expect(dryRun.stdout).toContain(TOKEN_HINT[testCase.target]);
      if (!isDesktop) expect(dryRun.stdout).not.toContain('No token was given');
      const base = testCase.scope === 'user' ? sandbox.home : sandbox.project;
      expect(existsSync(join(base, testCase.file.split('/')[0] ?? ''))).toBe(false);

      const created = await sandbox.indxMcp(['install', ...targetArgs, '--no-check', '--json']);
      expect(printed(created)).toMatchObject({ action: 'created', backup: null, token: isDesktop ? 'none' : 'referenced', token_source: null, address: isDesktop ? null : { url: DEFAULT_URL, source: 'default' }, check: null });
      expect(await modeOf(sandbox.pathOf(testCase))).toBe(0o600);
      const config = await readConfig(sandbox, testCase);
      expect(serversOf(testCase, config)).toEqual({ indx: isDesktop ? stdioEntry([], null) : httpEntry(testCase.target as HttpTarget, `${DEFAULT_URL}/mcp`, null) });
      if (testCase.target === 'vscode') expect(config.inputs).toEqual([INDX_INPUT]);
    }),
  );
});

describe('the stdio entry of Claude Desktop', () => {
  test('starts an absolute node with the real path of the script that ran install (a link to it is resolved), and an absolute --vault', () =>
    inSandbox(async (sandbox) => {
      const link = join(sandbox.home, 'bin', 'indx');
      await fs.mkdir(dirname(link));
      await fs.symlink(CLI, link);
      await fs.mkdir(join(sandbox.home, 'My Vault'));
      const change = printed<{ entry: { command: string; args: string[] } }>(await sandbox.indxMcp(['install', '-t', 'claude-desktop', '--vault', '../My Vault', '--no-check', '--json'], {}, link));
      const { command, args } = change.entry;
      expect(isAbsolute(command)).toBe(true);
      expect((await fs.stat(command)).isFile()).toBe(true);
      expect(command).toBe(process.execPath);
      expect(args).toEqual([realpathSync(CLI), 'mcp', 'serve', '--stdio', '--vault', join(sandbox.home, 'My Vault')]);
      expect(isAbsolute(args[0] ?? '') && (await fs.stat(args[0] ?? '')).isFile()).toBe(true);
      expect(JSON.stringify(change.entry)).not.toContain('npx');
    }),
  );

  test('run from npx\'s cache, install warns that npm may delete the script the entry starts', () =>
    inSandbox(async (sandbox) => {
      const cached = join(sandbox.home, '.npm', '_npx', '0123abcd', 'cli.js');
      await fs.mkdir(dirname(cached), { recursive: true });
      await fs.copyFile(CLI, cached);
      // The command is two files (what every start needs, and what the actions run): npx's cache holds both.
      await fs.copyFile(join(dirname(CLI), 'cli-runtime.js'), join(dirname(cached), 'cli-runtime.js'));
      const run = await sandbox.indxMcp(['install', '-t', 'claude-desktop', '--dry-run'], {}, cached);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`  Warning: indx runs from npm's npx cache (${cached}), which npm may clear`);
      const installed = await sandbox.indxMcp(['install', '-t', 'claude-desktop', '--dry-run']);
      expect(installed.stdout).not.toContain('Warning:');
    }),
  );

  test('a --vault that is no folder is not_found (exit 3), as for the HTTP clients, and nothing is written', () =>
    inSandbox(async (sandbox) => {
      const run = await sandbox.indxMcp(['install', '-t', 'claude-desktop', '--vault', 'Misspelt Vault', '--no-check']);
      expect([run.code, run.stdout, printedError(run).code]).toEqual([3, '', 'not_found']);
      await expect(fs.stat(sandbox.pathOf(CASES[0] as Case))).rejects.toThrow(/ENOENT/);
    }),
  );

  test('--url goes into the entry, so the relay talks to that server', () =>
    inSandbox(async (sandbox) => {
      const change = printed<{ entry: { args: string[] } }>(await sandbox.indxMcp(['install', '-t', 'claude-desktop', '--url', `${URL_A}/mcp`, '--no-check', '--json']));
      expect(change.entry.args.slice(1)).toEqual(['mcp', 'serve', '--stdio', '--url', URL_A]);
    }),
  );
});

describe('the URL of an HTTP entry', () => {
  test('--url takes the base URL or its /mcp (a trailing slash too): the entry is the same', () =>
    inSandbox(async (sandbox) => {
      const withMcp = printed(await sandbox.indxMcp(['install', '-t', 'claude-code', '-s', 'project', '--url', `${URL_A}/mcp/`, '--no-check', '--json']));
      expect(withMcp).toMatchObject({ action: 'created', address: { url: URL_A, source: 'option' } });
      expect(JSON.parse(await fs.readFile(join(sandbox.project, '.mcp.json'), 'utf8'))).toEqual({ mcpServers: { indx: httpEntry('claude-code', `${URL_A}/mcp`, null) } });
      expect(printed(await sandbox.indxMcp(['install', '-t', 'claude-code', '-s', 'project', '--url', URL_A, '--no-check', '--json']))).toMatchObject({ action: 'unchanged' });
    }),
  );

  test.each([
    ['no URL at all', 'not a url'],
    ['not http', 'ftp://127.0.0.1:41871'],
    ['with a query', 'http://127.0.0.1:41871/mcp?x=1'],
  ])('a --url that is %s is invalid_input (exit 2) and nothing is written', (_case, url) =>
    inSandbox(async (sandbox) => {
      const run = await sandbox.indxMcp(['install', '-t', 'cursor', '-s', 'project', '--url', url, '--no-check']);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(printedError(run)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('--url') as unknown });
      expect(await fs.readdir(sandbox.project)).toEqual([]);
    }),
  );

  test("without --url: the running server of --vault, several running without --vault refused naming them, else the vault's configured port, and a misspelt vault is not_found", () =>
    inSandbox(async (sandbox) => {
      const indxHome = join(sandbox.home, 'indx-home');
      const vaults = ['Vault A', 'Vault B', 'Vault C'].map((name) => join(sandbox.home, name));
      for (const vault of vaults) await fs.mkdir(vault);
      // Records of two running servers (this process stands in for them): only the address is read, nothing connects.
      for (const [index, port] of [41881, 41882].entries()) {
        const vault = vaults[index] ?? '';
        await writeDiscovery({ version: 1, host: 'headless', url: `http://127.0.0.1:${port}`, port, vault_path: vault, vault_name: basename(vault), pid: process.pid, started_at: new Date(0).toISOString() }, discoveryFolder({ INDX_HOME: indxHome }));
      }
      await fs.mkdir(join(sandbox.home, 'Vault C', '.indx'));
      await fs.writeFile(join(sandbox.home, 'Vault C', '.indx', 'config.json'), JSON.stringify({ server: { port: 41883 } }));
      const install = (args: string[]): Promise<Run> => sandbox.indxMcp(['install', '-t', 'cursor', '--dry-run', '--json', ...args], { INDX_HOME: indxHome });
      const [several, chosen, configured, misspelt] = await Promise.all([install([]), install(['--vault', '../Vault B']), install(['--vault', '../Vault C']), install(['--vault', '../Vault D'])]);

      expect(several.code).toBe(2);
      expect(printedError(several)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('pass --vault') as unknown, details: { vaults: expect.arrayContaining(vaults.slice(0, 2)) as unknown } });
      for (const vault of vaults.slice(0, 2)) expect(printedError(several).message).toContain(vault);
      expect(printed(chosen)).toMatchObject({ action: 'created', dry_run: true, address: { url: 'http://127.0.0.1:41882', source: 'running' }, entry: { url: 'http://127.0.0.1:41882/mcp' } });
      expect(printed(configured)).toMatchObject({ address: { url: 'http://127.0.0.1:41883', source: 'configured' }, entry: { url: 'http://127.0.0.1:41883/mcp' } });
      expect([misspelt.code, printedError(misspelt).code]).toEqual([3, 'not_found']);
      expect(existsSync(join(sandbox.home, '.cursor'))).toBe(false);
    }),
  );

  test('a running server is found and the written entry is checked at once; status checks it too, and exits 6 once it fails', () =>
    inSandbox(async (sandbox) => {
      const shim = await startShimServer();
      try {
        await fs.writeFile(sandbox.tokenFile, `${shim.write}\n`);
        const environment = { INDX_HOME: shim.home };
        // A generous --timeout: a loaded CI machine must not turn a working entry into a failing one.
        const installed = await sandbox.indxMcp(['install', '-t', 'claude-code', '--token-file', sandbox.tokenFile, '--timeout', '30', '--json'], environment);
        expect(installed.stdout).not.toContain(shim.write);
        const change = printed<{ check: { state: string; tools: number } }>(installed);
        expect(change).toMatchObject({ action: 'created', address: { url: shim.url(), source: 'running' }, entry: { url: `${shim.url()}/mcp` }, token: 'written' });
        expect(change.check).toEqual({ state: 'working', tools: expect.any(Number) as unknown });
        expect(change.check.tools).toBeGreaterThan(0);
        // Named by --vault, a server on another port than the vault's configured one draws a warning: the entry breaks when it moves.
        const named = await sandbox.indxMcp(['install', '-t', 'cursor', '--vault', shim.vault.root, '--token-file', sandbox.tokenFile, '--no-check'], environment);
        expect(named.stdout).toContain(`Warning: the server runs on port ${new URL(shim.url()).port}, but the vault's configured port is 27643`);
        const working = await sandbox.indxMcp(['status', '-t', 'claude-code', '-s', 'user', '--timeout', '30', '--json'], environment);
        expect(working.code).toBe(0);
        expect(printed<unknown[]>(working)).toEqual([expect.objectContaining({ configured: true, check: { state: 'working', tools: change.check.tools } })]);

        await shim.stop();
        const failing = await sandbox.indxMcp(['status', '-t', 'claude-code', '-s', 'user'], environment);
        expect(failing.code).toBe(6);
        expect(failing.stdout).toContain('    Check:   ✗ failing: ');
        expect(failing.stdout).toContain('1/1 client configurations have indx: 0 working, 1 failing');
        expect(failing.stdout).not.toContain(shim.write);
        const unchecked = await sandbox.indxMcp(['status', '-t', 'claude-code', '-s', 'user', '--no-check', '--json'], environment);
        expect(unchecked.code).toBe(0);
        expect(printed<unknown[]>(unchecked)).toEqual([expect.objectContaining({ configured: true, check: null })]);
      } finally {
        await shim.dispose();
      }
    }),
  );
});

describe('VS Code inputs', () => {
  const fileIn = (sandbox: Sandbox): string => join(sandbox.project, '.vscode', 'mcp.json');

  test('the token input is added once by id: an indx-token input already there is kept as the user wrote it, and other inputs stay', () =>
    inSandbox(async (sandbox) => {
      const own = { type: 'promptString', id: 'indx-token', description: 'my own wording', password: true };
      await fs.mkdir(dirname(fileIn(sandbox)));
      await fs.writeFile(fileIn(sandbox), `${JSON.stringify({ inputs: [OTHER_INPUT, own], servers: {} }, null, 2)}\n`);
      expect(printed(await sandbox.indxMcp(['install', '-t', 'vscode', '-s', 'project', '--no-check', '--json']))).toMatchObject({ action: 'added', token: 'referenced' });
      expect(JSON.parse(await fs.readFile(fileIn(sandbox), 'utf8'))).toEqual({ inputs: [OTHER_INPUT, own], servers: { indx: httpEntry('vscode', `${DEFAULT_URL}/mcp`, null) } });
    }),
  );

  test('an entry whose input was removed by hand gets it back from install: the entry is useless without it', () =>
    inSandbox(async (sandbox) => {
      expect((await sandbox.indxMcp(['install', '-t', 'vscode', '-s', 'project', '--no-check'])).code).toBe(0);
      const config = JSON.parse(await fs.readFile(fileIn(sandbox), 'utf8')) as Record<string, unknown>;
      await fs.writeFile(fileIn(sandbox), `${JSON.stringify({ ...config, inputs: [OTHER_INPUT] }, null, 2)}\n`);
      expect((await sandbox.indxMcp(['install', '-t', 'vscode', '-s', 'project', '--no-check'])).code).toBe(0);
      expect(JSON.parse(await fs.readFile(fileIn(sandbox), 'utf8'))).toEqual({ inputs: [OTHER_INPUT, INDX_INPUT], servers: { indx: httpEntry('vscode', `${DEFAULT_URL}/mcp`, null) } });
    }),
  );
});

test('through the CLI: a different entry is refused with exit 4 (conflict) and the file left as it is; uninstall --dry-run writes nothing; nothing to remove is "absent"', () =>
  inSandbox(async (sandbox) => {
    const cursorProject = ['-t', 'cursor', '-s', 'project'];
    expect((await sandbox.indxMcp(['install', ...cursorProject, '--no-check'])).code).toBe(0);
    const file = join(sandbox.project, '.cursor', 'mcp.json');
    const before = await fs.readFile(file, 'utf8');
    const refused = await sandbox.indxMcp(['install', ...cursorProject, '--url', URL_B, '--no-check']);
    expect([refused.code, refused.stdout]).toEqual([4, '']);
    expect(printedError(refused)).toMatchObject({ code: 'conflict', message: expect.stringContaining('--force') as unknown, details: { path: file } });
    expect(await fs.readFile(file, 'utf8')).toBe(before);
    expect(await backupsOf(file)).toEqual([]);
    expect(printed(await sandbox.indxMcp(['uninstall', ...cursorProject, '--dry-run', '--json']))).toMatchObject({ action: 'removed', dry_run: true, backup: null });
    expect(await fs.readFile(file, 'utf8')).toBe(before);
    expect(printed(await sandbox.indxMcp(['uninstall', ...cursorProject, '--json']))).toMatchObject({ action: 'removed' });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ mcpServers: {} });
    expect(printed(await sandbox.indxMcp(['uninstall', ...cursorProject, '--json']))).toMatchObject({ action: 'absent', backup: null });
  }),
);

test('INDX_TOKEN is written when no --token-file is given; status lists every client and scope, and with --no-check starts nothing', () =>
  inSandbox(async (sandbox) => {
    const install = await sandbox.indxMcp(['install', '-t', 'cursor', '--no-check'], { INDX_TOKEN: TOKEN });
    expect(install.stdout).toContain(`Created ${join(sandbox.home, '.cursor', 'mcp.json')} with the indx MCP server for Cursor (user)`);
    expect(install.stdout).toContain('Token:  written into the entry');
    expect(install.stdout).not.toContain(TOKEN);
    expect(JSON.parse(await fs.readFile(join(sandbox.home, '.cursor', 'mcp.json'), 'utf8'))).toEqual({ mcpServers: { indx: httpEntry('cursor', `${DEFAULT_URL}/mcp`, TOKEN) } });
    const [text, json] = await Promise.all([sandbox.indxMcp(['status', '--no-check']), sandbox.indxMcp(['status', '--no-check', '--json'])]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('✓ Cursor (user): configured');
    expect(text.stdout).toContain('✗ Claude Desktop (user): not configured');
    expect(text.stdout).toContain('✗ VS Code (project): not configured');
    expect(text.stdout).toContain('1/9 client configurations have indx: 0 working, 0 failing');
    const rows = printed<{ target: string; scope: string; path: string; configured: boolean; check: unknown }[]>(json);
    expect(rows.map((row) => [row.target, row.scope, row.path])).toEqual(CASES.map((testCase) => [testCase.target, testCase.scope, sandbox.pathOf(testCase)]));
    expect(rows.filter((row) => row.configured)).toEqual([expect.objectContaining({ target: 'cursor', scope: 'user', check: null })]);
  }),
);

test('an entry of the old installer (npx) is a different entry: refused without --force, replaced with it, its sub-tables gone', () =>
  inSandbox(async (sandbox) => {
    const file = join(sandbox.home, '.codex', 'config.toml');
    const old = '# mine\n[mcp_servers.indx]\ncommand = "npx"\nargs = ["-y", "indx-mcp", "mcp", "serve", "--stdio"]\n\n[mcp_servers.indx.env]\nINDX_TOKEN = "indx_old-token"\n\n[mcp_servers.other]\ncommand = "uvx"\n';
    await fs.mkdir(dirname(file));
    await fs.writeFile(file, old);
    const refused = await sandbox.indxMcp(['install', '-t', 'codex', '--token-file', sandbox.tokenFile, '--no-check']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).not.toContain('indx_old-token');
    expect(printedError(refused).details).toMatchObject({ current: { command: 'npx', env: { INDX_TOKEN: '<set>' } } });
    expect(await fs.readFile(file, 'utf8')).toBe(old);
    expect(printed(await sandbox.indxMcp(['install', '-t', 'codex', '--token-file', sandbox.tokenFile, '--no-check', '--force', '--json']))).toMatchObject({ action: 'replaced' });
    const written = await fs.readFile(file, 'utf8');
    expect(parse(written)).toEqual({ mcp_servers: { other: { command: 'uvx' }, indx: httpEntry('codex', `${DEFAULT_URL}/mcp`, TOKEN) } });
    expect(written).toContain('# mine\n');
    expect(written).not.toContain('npx');
    expect(written).not.toContain('[mcp_servers.indx.env]');
  }),
);

test("a malformed configuration is refused (exit 2) and left as it is, VS Code's commented JSON too; Claude Desktop has no project scope", () =>
  inSandbox(async (sandbox) => {
    const broken = join(sandbox.home, '.claude.json');
    await fs.writeFile(broken, '{ "mcpServers": { broken');
    const commented = join(sandbox.project, '.vscode', 'mcp.json');
    await fs.mkdir(dirname(commented));
    await fs.writeFile(commented, '{\n  // my servers\n  "servers": {}\n}\n');
    const [claude, vscode, desktop] = await Promise.all([
      sandbox.indxMcp(['install', '-t', 'claude-code', '--no-check']),
      sandbox.indxMcp(['install', '-t', 'vscode', '-s', 'project', '--no-check']),
      sandbox.indxMcp(['install', '-t', 'claude-desktop', '-s', 'project', '--no-check']),
    ]);
    for (const run of [claude, vscode]) {
      expect(run.code).toBe(2);
      expect(printedError(run)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('is not valid JSON') as unknown });
    }
    expect(await fs.readFile(broken, 'utf8')).toBe('{ "mcpServers": { broken');
    expect(await fs.readFile(commented, 'utf8')).toBe('{\n  // my servers\n  "servers": {}\n}\n');
    expect([...(await backupsOf(broken)), ...(await backupsOf(commented))]).toEqual([]);
    expect([desktop.code, printedError(desktop).message]).toEqual([2, 'Claude Desktop has no project configuration; use --scope user.']);
  }),
);
