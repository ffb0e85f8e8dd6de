import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helpers/free-port';
import { CLI } from './run-cli';

// `indx mcp status` starts the entries it finds, and `install` checks what it wrote. Project
// files come with a project, from anyone: a check must never run their commands, never fill in
// variables other than INDX_TOKEN, and never send anything off this computer. `install` never
// writes a token into an entry that points elsewhere.

const run = promisify(execFile);

let home: string;
let project: string;
let listener: Server;
let received: string[];
let listenerUrl: string;

beforeAll(async () => {
  received = [];
  listener = createServer((request, response) => {
    received.push(`${request.method ?? ''} ${request.headers.authorization ?? '(no authorization)'}`);
    response.writeHead(401).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

beforeEach(async () => {
  home = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-status-safety-')));
  project = join(home, 'cloned-project');
  await fs.mkdir(project);
  received.length = 0;
});

afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

async function indxMcp(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...extra };
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'mcp', ...args], { cwd: project, env });
    return { code: 0, stdout, stderr };
  } catch (error: unknown) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function write(file: string, text: string): Promise<void> {
  await fs.mkdir(join(file, '..'), { recursive: true });
  await fs.writeFile(file, text);
}

interface Row {
  target: string;
  scope: string;
  check: { state: string; reason?: string } | null;
}

async function statusRow(target: string, scope: string, extra: Record<string, string> = {}): Promise<{ row: Row | undefined; code: number }> {
  const result = await indxMcp(['status', '-t', target, '-s', scope, '--json', '--timeout', '5'], extra);
  const rows = JSON.parse(result.stdout) as Row[];
  return { row: rows[0], code: result.code };
}

describe('a check never runs or feeds what a project file says', () => {
  it('does not start the command of a project entry', async () => {
    const pwned = join(home, 'pwned');
    await write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { indx: { command: 'sh', args: ['-c', `touch ${pwned}`] } } }));
    const { row, code } = await statusRow('claude-code', 'project');
    expect(row?.check).toMatchObject({ state: 'unchecked', reason: expect.stringContaining('not started') as unknown });
    expect(code).toBe(0);
    expect(existsSync(pwned)).toBe(false);
  });

  it('does not send a variable other than INDX_TOKEN (Codex bearer_token_env_var)', async () => {
    await write(join(project, '.codex', 'config.toml'), `[mcp_servers.indx]\nurl = "${listenerUrl}"\nbearer_token_env_var = "SOME_SECRET"\n`);
    const { row } = await statusRow('codex', 'project', { SOME_SECRET: 'aws-xyz' });
    expect(row?.check).toMatchObject({ state: 'unchecked', reason: expect.stringContaining('SOME_SECRET') as unknown });
    expect(received).toEqual([]);
  });

  it('does not expand ${OTHER} in a Claude Code header, and fills INDX_TOKEN only', async () => {
    await write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { indx: { type: 'http', url: listenerUrl, headers: { Authorization: 'Bearer ${AWS_SECRET_ACCESS_KEY}' } } } }));
    const { row } = await statusRow('claude-code', 'project', { AWS_SECRET_ACCESS_KEY: 'aws-xyz', INDX_TOKEN: 'indx_x' });
    expect(row?.check).toMatchObject({ state: 'unchecked', reason: expect.stringContaining('${AWS_SECRET_ACCESS_KEY}') as unknown });
    expect(received).toEqual([]);
    await write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { indx: { type: 'http', url: listenerUrl, headers: { Authorization: 'Bearer ${INDX_TOKEN}' } } } }));
    const filled = await statusRow('claude-code', 'project', { INDX_TOKEN: 'indx_filled' });
    expect(filled.row?.check?.state).toBe('failing');
    expect(filled.code).toBe(6);
    expect(received).toContain('POST Bearer indx_filled');
  });

  it.each([
    ['another machine', 'http://192.0.2.10:27643/mcp'],
    ['https elsewhere', 'https://example.invalid/mcp'],
    ['not a URL', 'notaurl'],
  ])('reports an entry whose URL is %s as failing, sending nothing, and exits 6', async (_case, url) => {
    await write(join(home, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { indx: { url, headers: { Authorization: 'Bearer indx_secret' } } } }));
    const { row, code } = await statusRow('cursor', 'user');
    expect(row?.check).toMatchObject({ state: 'failing', reason: expect.stringContaining('not an http:// address on this computer') as unknown });
    expect(code).toBe(6);
  });
});

describe('install never aims a token elsewhere, and says when what it wrote does not work', () => {
  it.each(['https://evil.example/mcp', 'http://192.0.2.10:27643', 'http://127.0.0.1.evil.example:27643'])('refuses --url %s (exit 2) and writes nothing', async (url) => {
    await fs.writeFile(join(home, 'token'), 'indx_secret\n');
    for (const target of ['cursor', 'claude-desktop']) {
      const result = await indxMcp(['install', '-t', target, '--url', url, '--token-file', join(home, 'token')]);
      expect([target, result.code, result.stdout]).toEqual([target, 2, '']);
      expect(result.stderr).toContain('on this computer');
    }
    expect(existsSync(join(home, '.cursor'))).toBe(false);
    expect(existsSync(join(home, '.config'))).toBe(false);
  });

  it('exits 6 when the entry it wrote fails its check (the file is written), 2 before writing anything for a bad --timeout', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const badTimeout = await indxMcp(['install', '-t', 'cursor', '--url', closed, '--timeout', 'soon']);
    expect([badTimeout.code, existsSync(join(home, '.cursor'))]).toEqual([2, false]);
    const result = await indxMcp(['install', '-t', 'cursor', '--url', closed, '--timeout', '5'], { INDX_TOKEN: 'indx_secret' });
    expect(result.code).toBe(6);
    expect(result.stdout).toContain('✗ failing: no indx server answers at its URL (connection refused)');
    expect(existsSync(join(home, '.cursor', 'mcp.json'))).toBe(true);
  });
});
