import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse as parseToml } from 'smol-toml';
import { TokenStore } from '../../src/core/auth/token-store';
import { discoveryFolder, writeDiscovery } from '../../src/server/discovery/discovery-file';
import { createMcpEndpoint } from '../../src/server/mcp/create-mcp-endpoint';
import { startServer, type RunningServer } from '../../src/server/start-server';
import { createTempVault, type TempVault } from '../helpers/temp-vault';
import { CLI } from './run-cli';

// Issue 12 acceptance: for every install target, in a throwaway HOME, `indx mcp install` writes
// an entry that starts. Each written entry is then launched the way its client launches it —
// independently of indx's own check, with the official v1 SDK client: a stdio entry is spawned
// from its `command`, `args` and `env` (plus the SDK's default environment, as clients do); an
// HTTP entry is connected to with its URL and headers, each client's variables filled in as
// that client fills them — and must answer `initialize` and `tools/list`. A broken entry is
// reported as failing by `indx mcp status` (exit 6).

type Target = 'claude-desktop' | 'claude-code' | 'cursor' | 'codex' | 'vscode';

interface Case {
  target: Target;
  scope: 'user' | 'project';
  /** `file`: --token-file, written into the entry; `reference`: the client reads INDX_TOKEN (VS Code: asks for it). */
  token: 'file' | 'reference';
}

const CASES: Case[] = [
  { target: 'claude-desktop', scope: 'user', token: 'file' },
  ...(['claude-code', 'cursor', 'codex', 'vscode'] as const).flatMap((target): Case[] => [
    { target, scope: 'user', token: 'file' },
    { target, scope: 'user', token: 'reference' },
    { target, scope: 'project', token: 'reference' },
  ]),
];

/** Where each client keeps its entry, relative to HOME (user) or the project (project), and under which key. */
const FILES: Record<Target, { user: string; project?: string; key: string }> = {
  'claude-desktop': { user: '.config/Claude/claude_desktop_config.json', key: 'mcpServers' },
  'claude-code': { user: '.claude.json', project: '.mcp.json', key: 'mcpServers' },
  cursor: { user: '.cursor/mcp.json', project: '.cursor/mcp.json', key: 'mcpServers' },
  codex: { user: '.codex/config.toml', project: '.codex/config.toml', key: 'mcp_servers' },
  vscode: { user: '.config/Code/User/mcp.json', project: '.vscode/mcp.json', key: 'servers' },
};

const run = promisify(execFile);

let home: string;
let project: string;
let vault: TempVault;
let server: RunningServer;
let token: string;
let removeRecord: () => Promise<void>;

beforeAll(async () => {
  home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-entries-home-')));
  project = join(home, 'project');
  await fs.mkdir(project);
  vault = await createTempVault({ 'Welcome.md': '# Welcome\n\nSee [[Plan]].\n', 'Plan.md': '# Plan\n' });
  const tokens = await TokenStore.load(vault.engine.storage);
  token = (await tokens.create('entries', 'vault:read,vault:write')).token;
  await fs.writeFile(join(home, 'token.txt'), `${token}\n`, { mode: 0o600 });
  server = await startServer({ engine: vault.engine, tokens, port: 0, mcp: createMcpEndpoint });
  // The discovery record where a client's child process (HOME = the throwaway home) looks: ~/.indx/instances.
  const realVault = await fs.realpath(vault.root);
  removeRecord = await writeDiscovery({ version: 1, host: 'headless', url: server.url, port: server.port, vault_path: realVault, vault_name: basename(realVault), pid: process.pid, started_at: new Date().toISOString() }, discoveryFolder({ INDX_HOME: join(home, '.indx') }));
});

afterAll(async () => {
  await removeRecord();
  await server.close();
  await vault.dispose();
  await fs.rm(home, { recursive: true, force: true });
});

/** The environment of `indx` and of the clients: the throwaway HOME, nothing else of the machine's indx setup. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...extra };
}

async function indx(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { cwd: project, env: environment(extra) });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function fileOf(testCase: Pick<Case, 'target' | 'scope'>): string {
  const files = FILES[testCase.target];
  return testCase.scope === 'user' ? join(home, files.user) : join(project, files.project ?? '');
}

async function readConfig(file: string): Promise<Record<string, unknown>> {
  const text = await fs.readFile(file, 'utf8');
  return file.endsWith('.toml') ? parseToml(text) : (JSON.parse(text) as Record<string, unknown>);
}

async function readEntry(testCase: Pick<Case, 'target' | 'scope'>): Promise<Record<string, unknown>> {
  const servers = (await readConfig(fileOf(testCase)))[FILES[testCase.target].key] as Record<string, Record<string, unknown>>;
  return servers.indx ?? {};
}

/** The URL and headers an HTTP entry sends, its variables filled in the way its client fills them. */
function asClientSends(target: Target, entry: Record<string, unknown>): { url: string; headers: Record<string, string> } {
  const fill = (text: string): string =>
    text
      .replace('${INDX_TOKEN}', token) // Claude Code: the process environment
      .replace('${env:INDX_TOKEN}', token) // Cursor: the process environment
      .replace('${input:indx-token}', token); // VS Code: the user answers its password prompt
  const headers = Object.fromEntries(Object.entries({ ...(entry.headers as object), ...(entry.http_headers as object) }).map(([name, value]) => [name, fill(String(value))]));
  // Codex: bearer_token_env_var names the variable whose value it sends as a bearer token.
  if (target === 'codex' && entry.bearer_token_env_var === 'INDX_TOKEN') headers.Authorization = `Bearer ${token}`;
  return { url: String(entry.url), headers };
}

/** Starts `entry` as `target` does and lists the tools through it. */
async function launch(target: Target, entry: Record<string, unknown>): Promise<string[]> {
  const transport =
    typeof entry.command === 'string'
      ? new StdioClientTransport({ command: entry.command, args: (entry.args as string[] | undefined) ?? [], env: { ...getDefaultEnvironment(), HOME: home, ...(entry.env as Record<string, string> | undefined) }, stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(asClientSends(target, entry).url), { requestInit: { headers: asClientSends(target, entry).headers } });
  const client = new Client({ name: `as-${target}`, version: '1.0.0' });
  try {
    await client.connect(transport);
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

describe.each(CASES)('$target ($scope, token: $token)', (testCase) => {
  afterEach(async () => {
    await fs.rm(fileOf(testCase), { force: true });
  });

  it('install writes an entry that starts as the client starts it, and checks it', async () => {
    const tokenArgs = testCase.token === 'file' ? ['--token-file', join(home, 'token.txt')] : [];
    // User scope writes INDX_TOKEN in when the installer has it, so a referenced user entry is
    // installed without it (and cannot be checked); a project entry never holds the token, so
    // there the installer's INDX_TOKEN only serves its check, as the client's serves the client.
    const installerToken: Record<string, string> = testCase.scope === 'project' ? { INDX_TOKEN: token } : {};
    const installed = await indx(['mcp', 'install', '-t', testCase.target, '-s', testCase.scope, '--vault', vault.root, ...tokenArgs, '--json'], installerToken);
    expect(installed).toMatchObject({ code: 0, stderr: '' });
    const report = JSON.parse(installed.stdout) as { token: string; check: { state: string; tools?: number } };
    const checked = testCase.token === 'file' || testCase.scope === 'project';
    // VS Code keeps the token in its own secret storage: its entry always asks for it.
    const written = testCase.token === 'file' && testCase.target !== 'vscode';
    expect(report).toMatchObject({ token: written ? 'written' : 'referenced', check: { state: checked ? 'working' : 'unchecked' } });
    expect(installed.stdout).not.toContain(token);
    const entry = await readEntry(testCase);
    if (!written) expect(JSON.stringify(entry)).not.toContain(token);
    if (testCase.target === 'claude-desktop') {
      // Never a package name fetched at launch: an absolute node running the installed script.
      expect(entry.command).toBe(process.execPath);
      const [script] = entry.args as string[];
      expect((await fs.stat(script ?? '')).isFile()).toBe(true);
    } else {
      expect(entry.url).toBe(`${server.url}/mcp`);
    }
    const tools = await launch(testCase.target, entry);
    expect(tools).toEqual(expect.arrayContaining(['note_read', 'vault_search', 'vault_status']));
    if (checked) expect(tools).toHaveLength(report.check.tools ?? -1);
  });
});

describe('indx mcp status with broken entries', () => {
  afterEach(async () => {
    for (const target of Object.keys(FILES) as Target[]) await fs.rm(fileOf({ target, scope: 'user' }), { force: true });
  });

  it('reports every working entry as working and exits 0', async () => {
    for (const target of Object.keys(FILES) as Target[]) expect((await indx(['mcp', 'install', '-t', target, '--vault', vault.root, '--token-file', join(home, 'token.txt'), '--no-check'])).code).toBe(0);
    // VS Code's entry asks VS Code for the token: status answers for it with INDX_TOKEN, as the user would.
    const status = await indx(['mcp', 'status', '-s', 'user', '--json'], { INDX_TOKEN: token });
    expect(status.code).toBe(0);
    const rows = JSON.parse(status.stdout) as { target: string; check: { state: string } | null }[];
    expect(rows.map((row) => [row.target, row.check?.state])).toEqual((Object.keys(FILES) as Target[]).map((target) => [target, 'working']));
  });

  it.each([
    ['claude-desktop', 'a revoked token', (entry: Record<string, unknown>) => ({ ...entry, env: { INDX_TOKEN: 'indx_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } })],
    ['claude-desktop', 'a script that is gone', (entry: Record<string, unknown>) => ({ ...entry, args: [join(home, 'gone', 'cli.js'), ...((entry.args as string[]).slice(1))] })],
    ['claude-desktop', 'an npx package that is not published', () => ({ command: 'npx', args: ['-y', 'indx-mcp-not-published-anywhere', 'mcp', 'serve', '--stdio'], env: { npm_config_offline: 'true' } })],
    ['claude-code', 'a port nobody listens on', (entry: Record<string, unknown>) => ({ ...entry, url: 'http://127.0.0.1:9/mcp' })],
    ['cursor', 'a wrong token', (entry: Record<string, unknown>) => ({ ...entry, headers: { Authorization: 'Bearer indx_wrong' } })],
    ['codex', 'a port nobody listens on', (entry: Record<string, unknown>) => ({ ...entry, url: 'http://127.0.0.1:9/mcp' })],
    ['vscode', 'a wrong token', (entry: Record<string, unknown>) => ({ ...entry, headers: { Authorization: 'Bearer indx_wrong' } })],
  ] as const)('reports %s with %s as failing, with the reason, and exits 6', async (target, _broken, breakEntry) => {
    expect((await indx(['mcp', 'install', '-t', target, '--vault', vault.root, '--token-file', join(home, 'token.txt'), '--no-check'])).code).toBe(0);
    const file = fileOf({ target, scope: 'user' });
    const config = await readConfig(file);
    const key = FILES[target].key;
    const servers = config[key] as Record<string, Record<string, unknown>>;
    const broken = { ...config, [key]: { ...servers, indx: breakEntry(servers.indx ?? {}) } };
    // The TOML of Codex is written by hand here: only url and http_headers matter.
    await fs.writeFile(file, file.endsWith('.toml') ? toToml(broken[key] as Record<string, Record<string, unknown>>) : JSON.stringify(broken));
    const status = await indx(['mcp', 'status', '-t', target, '-s', 'user', '--json', '--timeout', '20']);
    expect(status.code).toBe(6);
    const [row] = JSON.parse(status.stdout) as { configured: boolean; check: { state: string; reason: string } }[];
    expect(row).toMatchObject({ configured: true, check: { state: 'failing', reason: expect.any(String) as unknown } });
    expect(row?.check.reason.length).toBeGreaterThan(5);
    expect(status.stdout).not.toContain(token);
    const text = await indx(['mcp', 'status', '-t', target, '-s', 'user', '--timeout', '20']);
    expect(text.stdout).toContain('✗ failing:');
  }, 60_000);
});

function toToml(servers: Record<string, Record<string, unknown>>): string {
  const entry = servers.indx ?? {};
  const headers = Object.entries((entry.http_headers ?? {}) as Record<string, string>).map(([name, value]) => `${JSON.stringify(name)} = ${JSON.stringify(value)}`);
  return `[mcp_servers.indx]\nurl = ${JSON.stringify(entry.url)}\nhttp_headers = { ${headers.join(', ')} }\n`;
}
