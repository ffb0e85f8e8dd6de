import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { redactSecrets } from '../../packages/indx-mcp/src/mcp/install/redact-secrets';
import { buildClientConfig, type ClientId } from '../../src/server/client-configs';
import { CLI } from './run-cli';

// Review of issue 5, findings 3 and 7: nothing `indx mcp install|uninstall|status` prints holds a
// secret (text, --json, error details), status understands the HTTP entries the plugin's "Copy
// configuration" writes, project scope never writes a secret, a file that gets a token is made
// private, and a symbolic link stays a link.

const TOKEN = 'indx_S3CRET-0123456789abcdef';
const SERVER_URL = 'http://127.0.0.1:27643';

let home: string;
let project: string;

beforeEach(async () => {
  home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-secrets-')));
  project = join(home, 'project');
  await fs.mkdir(project);
});

afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `indx mcp args…` in the project folder with HOME set to the temp folder, plus `extra` variables. */
async function indxMcp(args: string[], extra: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'mcp', ...args], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: home, ...extra } });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Writes a file under HOME (its folders created), mode 0644 as an editor would leave it. */
async function writeHomeFile(relative: string, text: string): Promise<string> {
  const file = join(home, relative);
  await fs.mkdir(dirname(file), { recursive: true });
  await fs.writeFile(file, text, { mode: 0o644 });
  await fs.chmod(file, 0o644);
  return file;
}

/** The plugin's "Copy configuration" snippet for `client`, with the real token, as a user pastes it. */
function snippet(client: ClientId): string {
  return buildClientConfig(client, { url: SERVER_URL, token: TOKEN, vaultPath: join(home, 'Vault') });
}

async function pastePluginSnippets(): Promise<void> {
  await writeHomeFile('.cursor/mcp.json', snippet('cursor'));
  await writeHomeFile('.claude.json', snippet('http'));
  await writeHomeFile('.config/Claude/claude_desktop_config.json', snippet('claude-desktop'));
  await writeHomeFile('.codex/config.toml', snippet('codex'));
}

function expectNoSecret(run: Run): void {
  expect(run.stdout).not.toContain(TOKEN);
  expect(run.stderr).not.toContain(TOKEN);
}

describe('no secret is ever printed (finding 3)', () => {
  beforeEach(pastePluginSnippets);

  test('status shows HTTP entries by URL and header names, in text and JSON, never the token', async () => {
    const text = await indxMcp(['status']);
    expectNoSecret(text);
    expect(text.stdout).not.toContain('undefined');
    expect(text.stdout).toContain(`✓ Cursor (user): configured\n    URL:     ${SERVER_URL}/mcp (HTTP)\n    Headers: Authorization (values hidden)\n    Token:   set (Authorization header)`);
    expect(text.stdout).toContain('✓ Claude Code (user): configured\n    URL:');
    expect(text.stdout).toContain("✓ Claude Desktop (user): configured\n    Command: npx -y indx-mcp mcp serve --stdio --vault");
    expect(text.stdout).toContain('4/7 client configurations have indx');
    const json = await indxMcp(['status', '--json']);
    expectNoSecret(json);
    const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(rows.find((row) => row.target === 'cursor' && row.scope === 'user')).toMatchObject({ transport: 'http', url: `${SERVER_URL}/mcp`, command: null, has_token: true, token_source: 'header', header_names: ['Authorization'], entry: { url: `${SERVER_URL}/mcp`, headers: { Authorization: '<set>' } } });
    expect(rows.find((row) => row.target === 'claude-code' && row.scope === 'user')).toMatchObject({ transport: 'http', entry: { type: 'http', headers: { Authorization: '<set>' } } });
    expect(rows.find((row) => row.target === 'codex' && row.scope === 'user')).toMatchObject({ transport: 'stdio', token_source: 'env', entry: { env: { INDX_TOKEN: '<set>' } } });
  });

  test('uninstall --dry-run, in text and JSON, shows the entry without its secret', async () => {
    for (const target of ['cursor', 'claude-code', 'claude-desktop', 'codex']) {
      const text = await indxMcp(['uninstall', '-t', target, '--dry-run']);
      expectNoSecret(text);
      expect(text.stdout).toContain('Would remove the indx MCP server from');
      const json = await indxMcp(['uninstall', '-t', target, '--dry-run', '--json']);
      expectNoSecret(json);
      expect(JSON.stringify((JSON.parse(json.stdout) as { entry: unknown }).entry)).toContain('<set>');
    }
  });

  test('a refused install (exit 4) reports the entry it found without its secret', async () => {
    const cursor = await indxMcp(['install', '-t', 'cursor']);
    expect(cursor.code).toBe(4);
    expectNoSecret(cursor);
    expect(JSON.parse(cursor.stderr)).toMatchObject({ error: { code: 'conflict', details: { current: { url: `${SERVER_URL}/mcp`, headers: { Authorization: '<set>' } } } } });
    const desktop = await indxMcp(['install', '-t', 'claude-desktop', '--json'], { INDX_TOKEN: 'indx_another-token-value' });
    expect(desktop.code).toBe(4);
    expectNoSecret(desktop);
    expect(desktop.stderr).not.toContain('indx_another-token-value');
    expect(JSON.parse(desktop.stderr)).toMatchObject({ error: { details: { current: { env: { INDX_TOKEN: '<set>' } } } } });
  });

  test('a malformed file is refused without quoting it: the parser\'s excerpt could be the token', async () => {
    await writeHomeFile('.claude.json', `{ "mcpServers": { "indx": { "env": { "INDX_TOKEN": ${TOKEN} } } } }`);
    await writeHomeFile('.codex/config.toml', `[mcp_servers.indx.env]\nINDX_TOKEN = "${TOKEN}" = 1\n`);
    for (const target of ['claude-code', 'codex']) {
      const install = await indxMcp(['install', '-t', target]);
      expect([install.code, (JSON.parse(install.stderr) as { error: { code: string } }).error.code]).toEqual([2, 'invalid_input']);
      expect(install.stderr).toMatch(/is not valid (JSON|TOML)/);
      expectNoSecret(install);
    }
    // Where V8 gives a position, the message gives the line and column instead of the text.
    await writeHomeFile('.claude.json', `{ "mcpServers": { "indx": { "env": { "INDX_TOKEN": "${TOKEN}" } } }`);
    const status = await indxMcp(['status', '--json']);
    expectNoSecret(status);
    expect(status.stdout).toMatch(/claude\.json is not valid JSON \(line 1, column \d+\)/);
    expect(status.stdout).toMatch(/config\.toml is not valid TOML \([^)]*line 2, column \d+\)/);
  });
});

describe('redactSecrets', () => {
  test('hides values under env and headers, secret-named keys and flags, Bearer credentials and URL secrets; keeps the shape', () => {
    const entry = {
      command: 'npx',
      args: ['mcp-remote', `${SERVER_URL}/mcp`, '--header', `Authorization: Bearer ${TOKEN}`, '--api-key', TOKEN, `--token=${TOKEN}`, '--token-file', '/home/ann/.indx-token'],
      env: { INDX_TOKEN: TOKEN, DEBUG: '1' },
      http_headers: { 'X-Api': TOKEN },
      bearer_token_env_var: 'INDX_TOKEN',
      url: `http://ann:${TOKEN}@127.0.0.1:27643/mcp?access_token=${TOKEN}&mode=x`,
      enabled: true,
    };
    const redacted = redactSecrets(entry);
    expect(JSON.stringify(redacted)).not.toContain(TOKEN);
    expect(redacted).toEqual({
      command: 'npx',
      args: ['mcp-remote', `${SERVER_URL}/mcp`, '--header', 'Authorization: Bearer <set>', '--api-key', '<set>', '--token=<set>', '--token-file', '/home/ann/.indx-token'],
      env: { INDX_TOKEN: '<set>', DEBUG: '<set>' },
      http_headers: { 'X-Api': '<set>' },
      bearer_token_env_var: '<set>',
      url: 'http://ann:<set>@127.0.0.1:27643/mcp?access_token=<set>&mode=x',
      enabled: true,
    });
  });
});

describe('project scope never writes a secret; a file that gets one is private; links stay links (finding 7)', () => {
  test.each(['claude-code', 'cursor', 'codex'])('%s: INDX_TOKEN alone is refused for project scope (exit 2) and nothing is written', async (target) => {
    const result = await indxMcp(['install', '-t', target, '-s', 'project'], { INDX_TOKEN: TOKEN });
    expect(result.code).toBe(2);
    expectNoSecret(result);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'invalid_input', message: expect.stringContaining('pass --token-file FILE') as unknown } });
    expect(await fs.readdir(project)).toEqual([]);
  });

  test('with --token-file, project scope names the file; a file inside the project draws a warning; status reads it back', async () => {
    const tokenFile = join(project, 'indx-token.txt');
    await fs.writeFile(tokenFile, `${TOKEN}\n`);
    const result = await indxMcp(['install', '-t', 'claude-code', '-s', 'project', '--token-file', 'indx-token.txt'], { INDX_TOKEN: 'indx_ignored' });
    expect(result.code).toBe(0);
    expectNoSecret(result);
    expect(result.stdout).toContain(`Token:  read from ${tokenFile} when the client starts the server (the token itself is not written)`);
    expect(result.stdout).toContain('Warning: the token file is inside the project folder');
    const written = await fs.readFile(join(project, '.mcp.json'), 'utf8');
    expect(written).not.toContain(TOKEN);
    expect(JSON.parse(written)).toEqual({ mcpServers: { indx: { command: 'npx', args: ['-y', 'indx-mcp', 'mcp', 'serve', '--stdio', '--token-file', tokenFile] } } });
    const status = await indxMcp(['status', '-t', 'claude-code', '-s', 'project']);
    expect(status.stdout).toContain(`Command: npx -y indx-mcp mcp serve --stdio --token-file ${tokenFile}\n    Token:   read from the file named by --token-file`);
    const missing = await indxMcp(['install', '-t', 'cursor', '-s', 'project', '--token-file', 'nope.txt']);
    expect([missing.code, (JSON.parse(missing.stderr) as { error: { message: string } }).error.message]).toEqual([2, expect.stringContaining('it does not exist')]);
  });

  test('user scope embeds the token and makes an existing 0644 file private, through a symbolic link that stays a link', async () => {
    const target = await writeHomeFile('dotfiles/claude.json', `${JSON.stringify({ theme: 'dark', mcpServers: {} }, null, 2)}\n`);
    await fs.symlink('dotfiles/claude.json', join(home, '.claude.json'));
    const result = await indxMcp(['install', '-t', 'claude-code', '--json'], { INDX_TOKEN: TOKEN });
    expect(result.code).toBe(0);
    expectNoSecret(result);
    const change = JSON.parse(result.stdout) as { path: string; backup: string };
    expect(change.path).toBe(join(home, '.claude.json'));
    expect(change.backup).toMatch(new RegExp(`^${join(home, 'dotfiles', 'claude.json')}\\.indx-backup-`));
    expect((await fs.lstat(join(home, '.claude.json'))).isSymbolicLink()).toBe(true);
    expect(await fs.readlink(join(home, '.claude.json'))).toBe('dotfiles/claude.json');
    expect(JSON.parse(await fs.readFile(target, 'utf8'))).toMatchObject({ theme: 'dark', mcpServers: { indx: { env: { INDX_TOKEN: TOKEN } } } });
    expect((await fs.stat(target)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(change.backup)).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(home)).filter((name) => name.includes('indx-backup'))).toEqual([]);
    expect((await indxMcp(['uninstall', '-t', 'claude-code'])).code).toBe(0);
    expect((await fs.lstat(join(home, '.claude.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await fs.readFile(target, 'utf8'))).toEqual({ theme: 'dark', mcpServers: {} });
  });

  test('a link to a file that does not exist yet: the file is created where the link points', async () => {
    await fs.mkdir(join(home, '.cursor'));
    await fs.mkdir(join(home, 'dotfiles'));
    await fs.symlink('../dotfiles/cursor.json', join(home, '.cursor', 'mcp.json'));
    expect((await indxMcp(['install', '-t', 'cursor'])).code).toBe(0);
    expect((await fs.lstat(join(home, '.cursor', 'mcp.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await fs.readFile(join(home, 'dotfiles', 'cursor.json'), 'utf8'))).toMatchObject({ mcpServers: { indx: { command: 'npx' } } });
  });
});
