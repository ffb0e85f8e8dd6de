import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { locateConfig, type ClientTarget } from '../../packages/indx-mcp/src/mcp/install/client-targets';
import { installEntry } from '../../packages/indx-mcp/src/mcp/install/install-entry';
import { readInstallationStatus } from '../../packages/indx-mcp/src/mcp/install/installation-status';
import { buildServerEntry } from '../../packages/indx-mcp/src/mcp/install/server-entry';
import { uninstallEntry } from '../../packages/indx-mcp/src/mcp/install/uninstall-entry';
import { CLI } from './run-cli';

// Issue 5 acceptance, installers: in a temporary HOME (and project folder), `indx mcp install`
// writes each client's real configuration file correctly, keeps every other entry and key,
// backs the file up before editing it, and writes nothing with --dry-run; `uninstall` and
// `status` read the same files.

interface Case {
  target: ClientTarget;
  scope: 'user' | 'project';
  /** The file, relative to HOME (user) or the project folder (project). */
  file: string;
  format: 'json' | 'toml';
}

const CASES: Case[] = [
  { target: 'claude-desktop', scope: 'user', file: '.config/Claude/claude_desktop_config.json', format: 'json' },
  { target: 'claude-code', scope: 'user', file: '.claude.json', format: 'json' },
  { target: 'claude-code', scope: 'project', file: '.mcp.json', format: 'json' },
  { target: 'cursor', scope: 'user', file: '.cursor/mcp.json', format: 'json' },
  { target: 'cursor', scope: 'project', file: '.cursor/mcp.json', format: 'json' },
  { target: 'codex', scope: 'user', file: '.codex/config.toml', format: 'toml' },
  { target: 'codex', scope: 'project', file: '.codex/config.toml', format: 'toml' },
];

const OTHER_SERVER = { command: 'uvx', args: ['other-server'], env: { OTHER: '1' } };
const TOKEN = 'indx_test-token-not-a-real-secret';

let home: string;
let project: string;

beforeEach(async () => {
  home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-install-home-')));
  project = join(home, 'project');
  await fs.mkdir(project);
  await fs.writeFile(join(home, 'token.txt'), `${TOKEN}\n`);
});

afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

/** Runs `indx mcp args…` with HOME set to the temp folder, in the project folder. */
async function indxMcp(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'mcp', ...args], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: home } });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The JSON printed by `indx mcp args…` (the command's stderr in the failure, when it printed none). */
async function indxMcpJson(args: string[]): Promise<unknown> {
  const result = await indxMcp(args);
  if (result.stdout.trim() === '') throw new Error(`indx mcp ${args.join(' ')} printed nothing (exit ${result.code}): ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

function pathOf(testCase: Case): string {
  return join(testCase.scope === 'user' ? home : project, testCase.file);
}

/** An existing configuration: another server, and other keys that must survive. */
function existingText(testCase: Case): string {
  if (testCase.format === 'toml') return '# my Codex settings\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "uvx"\nargs = ["other-server"]\n\n[mcp_servers.other.env]\nOTHER = "1"\n\n# trailing table\n[profiles.fast]\nmodel = "mini"\n';
  return `${JSON.stringify({ theme: 'dark', mcpServers: { other: OTHER_SERVER }, projects: { '/x': { allowedTools: [] } } }, null, 2)}\n`;
}

function parseConfig(testCase: Case, text: string): Record<string, unknown> {
  return testCase.format === 'toml' ? parse(text) : (JSON.parse(text) as Record<string, unknown>);
}

function serversOf(testCase: Case, config: Record<string, unknown>): Record<string, unknown> {
  return (config[testCase.format === 'toml' ? 'mcp_servers' : 'mcpServers'] ?? {}) as Record<string, unknown>;
}

async function backupsOf(file: string): Promise<string[]> {
  const names = await fs.readdir(dirname(file));
  return names.filter((name) => name.startsWith(`${file.split('/').pop() ?? ''}.indx-backup-`)).map((name) => join(dirname(file), name));
}

/** User scope embeds the token; project scope (a file usually committed) names the token file instead. */
const EXPECTED_ENTRY = (vault: string, scope: Case['scope']) =>
  scope === 'user'
    ? { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', '--vault', vault], env: { INDX_TOKEN: TOKEN } }
    : { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', '--vault', vault, '--token-file', join(home, 'token.txt')] };

describe.each(CASES)('$target ($scope): $file', (testCase) => {
  const targetArgs = ['-t', testCase.target, '-s', testCase.scope];

  test('install keeps every other entry and key, backs the file up, and writes the entry', async () => {
    const file = pathOf(testCase);
    await fs.mkdir(dirname(file), { recursive: true });
    await fs.writeFile(file, existingText(testCase));
    const modeBefore = (await fs.stat(file)).mode & 0o777;
    const vault = join(home, 'My Vault');
    const result = await indxMcp(['install', ...targetArgs, '--vault', vault, '--token-file', join(home, 'token.txt'), '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).not.toContain(TOKEN);
    const backups = await backupsOf(file);
    const printedEntry = testCase.scope === 'user' ? { env: { INDX_TOKEN: '<set>' } } : EXPECTED_ENTRY(vault, 'project');
    expect(JSON.parse(result.stdout)).toMatchObject({ target: testCase.target, scope: testCase.scope, path: file, action: 'added', dry_run: false, backup: backups[0], token: true, entry: printedEntry });
    expect(backups).toHaveLength(1);
    expect(await fs.readFile(backups[0] ?? '', 'utf8')).toBe(existingText(testCase));
    const written = await fs.readFile(file, 'utf8');
    const config = parseConfig(testCase, written);
    expect(serversOf(testCase, config)).toEqual({ other: OTHER_SERVER, indx: EXPECTED_ENTRY(vault, testCase.scope) });
    // A file that now holds the token is made private; one that holds none keeps its mode. Backups are always private.
    if (testCase.scope === 'project') expect(written).not.toContain(TOKEN);
    expect((await fs.stat(file)).mode & 0o777).toBe(testCase.scope === 'user' ? 0o600 : modeBefore);
    expect((await fs.stat(backups[0] ?? '')).mode & 0o777).toBe(0o600);
    const before = parseConfig(testCase, existingText(testCase));
    expect({ ...config, [testCase.format === 'toml' ? 'mcp_servers' : 'mcpServers']: null }).toEqual({ ...before, [testCase.format === 'toml' ? 'mcp_servers' : 'mcpServers']: null });
    // Codex: the edit is made in the text, so the user's comments stay.
    if (testCase.format === 'toml') expect(written).toContain('# my Codex settings\nmodel = "o4"');
  });

  test('--dry-run reports the change and writes nothing: no file, no folder, no backup', async () => {
    const result = await indxMcp(['install', ...targetArgs, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Dry run: nothing was written.');
    expect(result.stdout).toContain('No token was given');
    await expect(fs.stat(pathOf(testCase))).rejects.toMatchObject({ code: 'ENOENT' });
    const parent = testCase.file.includes('/') ? testCase.file.split('/')[0] ?? '' : null;
    if (parent !== null) await expect(fs.stat(join(testCase.scope === 'user' ? home : project, parent))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a new file is created private (0600); a different entry is refused without force, replaced with it; uninstall removes only indx', async () => {
    const file = pathOf(testCase);
    const location = locateConfig(testCase.target, testCase.scope, { environment: { HOME: home }, platform: 'linux', cwd: project });
    expect(location.path).toBe(file);
    const plain = buildServerEntry({});
    expect(await installEntry(location, plain)).toMatchObject({ action: 'created', backup: null });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(serversOf(testCase, parseConfig(testCase, await fs.readFile(file, 'utf8')))).toEqual({ indx: { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio'] } });
    expect(await installEntry(location, plain)).toMatchObject({ action: 'unchanged', backup: null });
    const withVault = buildServerEntry({ vault: home, token: TOKEN });
    await expect(installEntry(location, withVault)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('--force') as unknown });
    const replaced = await installEntry(location, withVault, { force: true });
    expect(replaced.action).toBe('replaced');
    expect(await backupsOf(file)).toEqual([replaced.backup]);
    expect(await readInstallationStatus(location)).toMatchObject({ path: file, exists: true, configured: true, has_token: true, entry: { env: { INDX_TOKEN: '<set>' } } });
    expect(await uninstallEntry(location, { dryRun: true })).toMatchObject({ action: 'removed', dry_run: true, backup: null });
    expect(serversOf(testCase, parseConfig(testCase, await fs.readFile(file, 'utf8')))).toHaveProperty('indx');
    expect(await uninstallEntry(location)).toMatchObject({ action: 'removed', backup: expect.any(String) as unknown });
    expect(serversOf(testCase, parseConfig(testCase, await fs.readFile(file, 'utf8')))).toEqual({});
    expect(await uninstallEntry(location)).toMatchObject({ action: 'absent' });
  });
});

test('INDX_TOKEN is used when no --token-file is given; status lists every client and scope', async () => {
  const env = { PATH: process.env.PATH ?? '', HOME: home, INDX_TOKEN: TOKEN };
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'mcp', 'install', '-t', 'cursor'], { cwd: project, env });
  expect(stdout).toContain(`Created ${join(home, '.cursor', 'mcp.json')} with the indx MCP server for Cursor (user)`);
  expect(stdout).not.toContain('No token was given');
  expect(stdout).not.toContain(TOKEN);
  const config = JSON.parse(await fs.readFile(join(home, '.cursor', 'mcp.json'), 'utf8')) as { mcpServers: { indx: { env: unknown } } };
  expect(config.mcpServers.indx.env).toEqual({ INDX_TOKEN: TOKEN });
  const status = await indxMcp(['status']);
  expect(status.stdout).toContain('✓ Cursor (user): configured');
  expect(status.stdout).toContain('✗ Claude Desktop (user): not configured');
  expect(status.stdout).toContain('1/7 client configurations have indx');
});

test('through the CLI: a different entry is refused with exit 4 (conflict) and the file left as it is; --force replaces it', async () => {
  expect((await indxMcp(['install', '-t', 'cursor', '-s', 'project'])).code).toBe(0);
  const file = join(project, '.cursor', 'mcp.json');
  const before = await fs.readFile(file, 'utf8');
  const refused = await indxMcp(['install', '-t', 'cursor', '-s', 'project', '--vault', home]);
  expect(refused.code).toBe(4);
  expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: 'conflict', message: expect.stringContaining('--force') as unknown } });
  expect(await fs.readFile(file, 'utf8')).toBe(before);
  expect(await indxMcpJson(['install', '-t', 'cursor', '-s', 'project', '--vault', home, '--force', '--json'])).toMatchObject({ action: 'replaced', backup: expect.stringContaining('mcp.json.indx-backup-') as unknown });
  expect(await indxMcpJson(['status', '-t', 'cursor', '-s', 'project', '--json'])).toEqual([expect.objectContaining({ path: file, configured: true, has_token: false })]);
  expect(await indxMcpJson(['uninstall', '-t', 'cursor', '-s', 'project', '--json'])).toMatchObject({ action: 'removed' });
});

test('a malformed configuration is refused (exit 2) and left as it is; Claude Desktop has no project scope', async () => {
  const file = join(home, '.claude.json');
  await fs.writeFile(file, '{ "mcpServers": { broken');
  const result = await indxMcp(['install', '-t', 'claude-code']);
  expect(result.code).toBe(2);
  expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'invalid_input', message: expect.stringContaining('is not valid JSON') as unknown } });
  expect(await fs.readFile(file, 'utf8')).toBe('{ "mcpServers": { broken');
  expect(await backupsOf(file)).toEqual([]);
  expect((await indxMcp(['install', '-t', 'claude-desktop', '-s', 'project'])).code).toBe(2);
});
