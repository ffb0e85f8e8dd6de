import { execFile } from 'node:child_process';
import { promises as fs, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { redactSecrets } from '../../packages/indx-mcp/src/mcp/install/redact-secrets';
import { buildClientConfig } from '../../src/server/client-configs';
import type { HttpClient } from '../../src/server/clients/client-entries';
import { CLI } from './run-cli';
import { startShimServer } from './shim-harness';

// Nothing `indx mcp install|uninstall|status` prints holds a secret (text, --json, error
// details, the reason a check failed); status understands the entries the plugin's "Copy
// configuration" snippets and the installer write; project scope never writes a secret nor
// takes --token-file, its entries refer to the token the client's way; user scope writes the
// token (the file made private) or, without one, the reference; a symbolic link stays a link.

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

/** Runs `indx mcp args…` in the project folder with only PATH and HOME (the temp folder) set, plus `extra`. */
async function indxMcp(args: string[], extra: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'mcp', ...args], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: home, ...extra } });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The `{error}` a failed run printed as the last line of stderr. */
function printedError(run: Run): { code: string; message: string; details: Record<string, unknown> } {
  return (JSON.parse(run.stderr.trimEnd().split('\n').at(-1) ?? '') as { error: { code: string; message: string; details: Record<string, unknown> } }).error;
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
function snippet(client: HttpClient): string {
  return buildClientConfig(client, { url: SERVER_URL, token: TOKEN });
}

/** The Claude Desktop entry `indx mcp install` writes with a token (Claude Desktop has no snippet: it gets a bundle). */
function desktopEntry(): Record<string, unknown> {
  return { command: process.execPath, args: [realpathSync(CLI), 'mcp', 'serve', '--stdio', '--vault', join(home, 'Vault')], env: { INDX_TOKEN: TOKEN } };
}

/** Every user configuration holding the token: the plugin's snippets (Claude Code stores what the `http` one holds), and the installer's Claude Desktop entry. */
async function pasteConfigurations(): Promise<void> {
  await writeHomeFile('.cursor/mcp.json', snippet('cursor'));
  await writeHomeFile('.claude.json', snippet('http'));
  await writeHomeFile('.codex/config.toml', snippet('codex'));
  await writeHomeFile('.config/Code/User/mcp.json', snippet('vscode'));
  await writeHomeFile('.config/Claude/claude_desktop_config.json', `${JSON.stringify({ mcpServers: { indx: desktopEntry() } }, null, 2)}\n`);
}

function expectNoSecret(run: Run, secrets: readonly string[] = [TOKEN]): void {
  for (const secret of secrets) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

describe('no secret is ever printed', () => {
  describe('with the token in every user configuration', () => {
    beforeEach(pasteConfigurations);

    test('status shows HTTP entries by URL and header names and the stdio entry by its command, in text and JSON, never the token', async () => {
      const [text, json] = await Promise.all([indxMcp(['status', '--no-check']), indxMcp(['status', '--no-check', '--json'])]);
      expectNoSecret(text);
      expect(text.code).toBe(0);
      expect(text.stdout).not.toContain('undefined');
      expect(text.stdout).toContain(`✓ Cursor (user): configured\n    URL:     ${SERVER_URL}/mcp (HTTP)\n    Headers: Authorization (values hidden)\n    Token:   set (Authorization header)\n    Config:`);
      expect(text.stdout).toContain(`✓ Claude Code (user): configured\n    URL:     ${SERVER_URL}/mcp (HTTP)`);
      expect(text.stdout).toContain(`✓ Codex (user): configured\n    URL:     ${SERVER_URL}/mcp (HTTP)\n    Headers: Authorization (values hidden)\n    Token:   set (Authorization header)`);
      expect(text.stdout).toContain(`✓ VS Code (user): configured\n    URL:     ${SERVER_URL}/mcp (HTTP)`);
      expect(text.stdout).toContain(`✓ Claude Desktop (user): configured\n    Command: ${process.execPath} ${realpathSync(CLI)} mcp serve --stdio --vault ${join(home, 'Vault')}\n    Token:   set (INDX_TOKEN in the entry's env)`);
      expect(text.stdout).toContain('5/9 client configurations have indx: 0 working, 0 failing');
      expectNoSecret(json);
      const rows = JSON.parse(json.stdout) as Record<string, unknown>[];
      const row = (target: string): Record<string, unknown> | undefined => rows.find((candidate) => candidate.target === target && candidate.scope === 'user');
      expect(row('cursor')).toMatchObject({ transport: 'http', url: `${SERVER_URL}/mcp`, command: null, has_token: true, token_source: 'header', header_names: ['Authorization'], entry: { url: `${SERVER_URL}/mcp`, headers: { Authorization: '<set>' } }, check: null });
      expect(row('claude-code')).toMatchObject({ transport: 'http', entry: { type: 'http', headers: { Authorization: '<set>' } } });
      expect(row('codex')).toMatchObject({ transport: 'http', token_source: 'header', header_names: ['Authorization'], entry: { url: `${SERVER_URL}/mcp`, http_headers: { Authorization: '<set>' } } });
      expect(row('vscode')).toMatchObject({ transport: 'http', token_source: 'header', entry: { type: 'http', headers: { Authorization: '<set>' } } });
      expect(row('claude-desktop')).toMatchObject({ transport: 'stdio', url: null, token_source: 'env', entry: { command: process.execPath, env: { INDX_TOKEN: '<set>' } } });
    });

    test.each(['cursor', 'claude-code', 'claude-desktop', 'codex', 'vscode'])('%s: uninstall --dry-run, in text and JSON, shows the entry without its secret', async (target) => {
      const [text, json] = await Promise.all([indxMcp(['uninstall', '-t', target, '--dry-run']), indxMcp(['uninstall', '-t', target, '--dry-run', '--json'])]);
      expectNoSecret(text);
      expect(text.stdout).toContain('Would remove the indx MCP server from');
      expectNoSecret(json);
      expect(JSON.stringify((JSON.parse(json.stdout) as { entry: unknown }).entry)).toContain('<set>');
    });

    test('a refused install (exit 4) reports the entry it found without its secret, nor the one it would write', async () => {
      const another = 'indx_another-token-value';
      const [cursor, desktop] = await Promise.all([indxMcp(['install', '-t', 'cursor', '--no-check'], { INDX_TOKEN: another }), indxMcp(['install', '-t', 'claude-desktop', '--no-check', '--json'], { INDX_TOKEN: another })]);
      for (const run of [cursor, desktop]) {
        expect(run.code).toBe(4);
        expectNoSecret(run, [TOKEN, another]);
      }
      expect(printedError(cursor)).toMatchObject({ code: 'conflict', details: { current: { url: `${SERVER_URL}/mcp`, headers: { Authorization: '<set>' } } } });
      expect(printedError(desktop)).toMatchObject({ code: 'conflict', details: { current: { env: { INDX_TOKEN: '<set>' } } } });
    });
  });

  test("a malformed file is refused without quoting it: the parser's excerpt could be the token", async () => {
    await writeHomeFile('.claude.json', `{ "mcpServers": { "indx": { "env": { "INDX_TOKEN": ${TOKEN} } } } }`);
    await writeHomeFile('.codex/config.toml', `[mcp_servers.indx.env]\nINDX_TOKEN = "${TOKEN}" = 1\n`);
    for (const target of ['claude-code', 'codex']) {
      const install = await indxMcp(['install', '-t', target, '--no-check']);
      expect([install.code, printedError(install).code]).toEqual([2, 'invalid_input']);
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

  test('checking entries prints no secret: neither the token of a working entry nor the one a server refused', async () => {
    const shim = await startShimServer();
    try {
      await writeHomeFile('.claude.json', `${JSON.stringify({ mcpServers: { indx: { type: 'http', url: `${shim.url()}/mcp`, headers: { Authorization: `Bearer ${shim.write}` } } } })}\n`);
      await writeHomeFile('.cursor/mcp.json', `${JSON.stringify({ mcpServers: { indx: { url: `${shim.url()}/mcp`, headers: { Authorization: `Bearer ${TOKEN}` } } } })}\n`);
      const [json, text] = await Promise.all([indxMcp(['status', '-s', 'user', '--timeout', '30', '--json']), indxMcp(['status', '-s', 'user', '--timeout', '30'])]);
      for (const run of [json, text]) {
        expect(run.code).toBe(6);
        expectNoSecret(run, [TOKEN, shim.write]);
      }
      const rows = JSON.parse(json.stdout) as { target: string; check: unknown }[];
      expect(rows.find((row) => row.target === 'claude-code')?.check).toEqual({ state: 'working', tools: expect.any(Number) as unknown });
      expect(rows.find((row) => row.target === 'cursor')?.check).toEqual({ state: 'failing', reason: expect.any(String) as unknown });
      expect(text.stdout).toContain('2/5 client configurations have indx: 1 working, 1 failing');
    } finally {
      await shim.dispose();
    }
  });

  test('a secret in --url (a password in its user info) is not printed: not in the text, the --json, nor the error of a refused --url', async () => {
    const password = 'url-S3CRET-password';
    const [text, json, refused] = await Promise.all([
      indxMcp(['install', '-t', 'cursor', '--url', `http://ann:${password}@127.0.0.1:41871`, '--no-check', '--dry-run']),
      indxMcp(['install', '-t', 'cursor', '--url', `http://ann:${password}@127.0.0.1:41871`, '--no-check', '--dry-run', '--json']),
      indxMcp(['install', '-t', 'cursor', '--url', `ftp://ann:${password}@127.0.0.1:41871`, '--no-check']),
    ]);
    expect([text.code, json.code, refused.code]).toEqual([0, 0, 2]);
    expectNoSecret(text, [password]);
    expectNoSecret(json, [password]);
    expectNoSecret(refused, [password]);
  });
});

describe('redactSecrets', () => {
  test('hides values under env and headers, secret-named keys and flags, Bearer credentials and URL secrets; keeps the shape', () => {
    const entry = {
      command: 'uvx',
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
      command: 'uvx',
      args: ['mcp-remote', `${SERVER_URL}/mcp`, '--header', 'Authorization: Bearer <set>', '--api-key', '<set>', '--token=<set>', '--token-file', '/home/ann/.indx-token'],
      env: { INDX_TOKEN: '<set>', DEBUG: '<set>' },
      http_headers: { 'X-Api': '<set>' },
      bearer_token_env_var: 'INDX_TOKEN',
      url: 'http://ann:<set>@127.0.0.1:27643/mcp?access_token=<set>&mode=x',
      enabled: true,
    });
  });
});

describe('project scope never holds a secret, user scope writes it into a private file, links stay links', () => {
  const PROJECT_TARGETS = ['claude-code', 'cursor', 'codex', 'vscode'] as const;

  test.each(PROJECT_TARGETS)('%s: project scope refuses --token-file (exit 2) and writes nothing', async (target) => {
    const tokenFile = join(home, 'token.txt');
    await fs.writeFile(tokenFile, `${TOKEN}\n`);
    const result = await indxMcp(['install', '-t', target, '-s', 'project', '--token-file', tokenFile, '--no-check']);
    expect([result.code, result.stdout]).toEqual([2, '']);
    expectNoSecret(result);
    expect(printedError(result)).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('Drop --token-file') as unknown, details: { scope: 'project' } });
    expect(await fs.readdir(project)).toEqual([]);
  });

  test('with INDX_TOKEN set, every project entry still refers to the token the client\'s way, and says how; status reads it as a reference', async () => {
    const environment = { INDX_TOKEN: TOKEN };
    const files: Record<(typeof PROJECT_TARGETS)[number], string> = { 'claude-code': '.mcp.json', cursor: '.cursor/mcp.json', codex: '.codex/config.toml', vscode: '.vscode/mcp.json' };
    const hints: Record<(typeof PROJECT_TARGETS)[number], string> = {
      'claude-code': 'Token:  Claude Code expands ${INDX_TOKEN} from its environment',
      cursor: 'Token:  Cursor expands ${env:INDX_TOKEN} from its environment',
      codex: 'Token:  Codex sends the token it finds in INDX_TOKEN (bearer_token_env_var)',
      vscode: 'Token:  VS Code asks for the token the first time it starts the server',
    };
    for (const target of PROJECT_TARGETS) {
      const result = await indxMcp(['install', '-t', target, '-s', 'project', '--no-check'], environment);
      expect(result.code).toBe(0);
      expectNoSecret(result);
      expect(result.stdout).toContain(hints[target]);
      expect(result.stdout).toContain('  Note:   ');
      expect(await fs.readFile(join(project, files[target]), 'utf8')).not.toContain(TOKEN);
    }
    const status = await indxMcp(['status', '-s', 'project', '--no-check', '--json'], environment);
    expectNoSecret(status);
    expect(JSON.parse(status.stdout)).toEqual(PROJECT_TARGETS.map((target) => expect.objectContaining({ target, configured: true, has_token: true, token_source: 'reference' }) as unknown));
  });

  test('user scope without a token writes the reference and keeps an existing file\'s mode (0644): it holds no secret', async () => {
    const file = await writeHomeFile('.cursor/mcp.json', `${JSON.stringify({ mcpServers: {} }, null, 2)}\n`);
    const result = await indxMcp(['install', '-t', 'cursor', '--no-check', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: 'added', token: 'referenced', token_source: null });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ mcpServers: { indx: { url: `${SERVER_URL}/mcp`, headers: { Authorization: 'Bearer ${env:INDX_TOKEN}' } } } });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o644);
  });

  test('user scope writes the token and makes an existing 0644 file private, through a symbolic link that stays a link', async () => {
    const target = await writeHomeFile('dotfiles/claude.json', `${JSON.stringify({ theme: 'dark', mcpServers: {} }, null, 2)}\n`);
    await fs.symlink('dotfiles/claude.json', join(home, '.claude.json'));
    const result = await indxMcp(['install', '-t', 'claude-code', '--no-check', '--json'], { INDX_TOKEN: TOKEN });
    expect(result.code).toBe(0);
    expectNoSecret(result);
    const change = JSON.parse(result.stdout) as { path: string; backup: string };
    expect(change).toMatchObject({ path: join(home, '.claude.json'), token: 'written', token_source: 'INDX_TOKEN' });
    expect(change.backup).toMatch(new RegExp(`^${join(home, 'dotfiles', 'claude.json')}\\.indx-backup-`));
    expect((await fs.lstat(join(home, '.claude.json'))).isSymbolicLink()).toBe(true);
    expect(await fs.readlink(join(home, '.claude.json'))).toBe('dotfiles/claude.json');
    expect(JSON.parse(await fs.readFile(target, 'utf8'))).toEqual({ theme: 'dark', mcpServers: { indx: { type: 'http', url: `${SERVER_URL}/mcp`, headers: { Authorization: `Bearer ${TOKEN}` } } } });
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
    expect((await indxMcp(['install', '-t', 'cursor', '--no-check'])).code).toBe(0);
    expect((await fs.lstat(join(home, '.cursor', 'mcp.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await fs.readFile(join(home, 'dotfiles', 'cursor.json'), 'utf8'))).toEqual({ mcpServers: { indx: { url: `${SERVER_URL}/mcp`, headers: { Authorization: 'Bearer ${env:INDX_TOKEN}' } } } });
  });
});
