import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { discoveryFileFor, discoveryFolder } from '../../src/server/discovery/discovery-file';
import { writeTempFolder } from '../helpers/temp-vault';
import { CLI, runCli } from './run-cli';

const DEMO_VAULT = resolve(__dirname, '../../demo-vault');

/** The arguments `npm start` passes to the CLI, with the vault folder and the token file replaced by `vault` and `tokenFile`. */
function npmStartArgs(vault: string, tokenFile: string): string[] {
  const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } };
  const [node, cli, ...args] = manifest.scripts.start.split(' ');
  expect([node, cli]).toEqual(['node', 'packages/indx-mcp/dist/cli.js']);
  expect(args).toEqual(['serve', '--vault', 'demo-vault', '--token-file', '.indx-demo-token']);
  return args.map((arg) => (arg === 'demo-vault' ? vault : arg === '.indx-demo-token' ? tokenFile : arg));
}

interface McpServersConfig {
  mcpServers: { indx: { type: string; url: string; headers: { Authorization: string } } };
}

/** INDX_HOME of the servers a test starts, so their discovery records stay out of the user's home. */
let indxHome = '';

/** Runs `indx args… --port 0` and resolves with everything printed up to "Press Ctrl+C". */
function startServe(args: string[], environment: NodeJS.ProcessEnv = { ...process.env, INDX_HOME: indxHome }): Promise<{ child: ChildProcess; printed: string }> {
  const child = spawn(process.execPath, [CLI, ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: environment });
  return new Promise((resolvePrinted, reject) => {
    let printed = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      if (printed.includes('Press Ctrl+C to stop.')) resolvePrinted({ child, printed });
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`indx serve exited with ${String(code)}: ${errors}`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolveExit) => {
    child.once('exit', (code) => resolveExit(code));
    child.kill(signal);
  });
}

/** The names of the vault's tokens, from `indx token list --json`. */
async function tokenNames(vault: string): Promise<string[]> {
  return (JSON.parse((await runCli(['token', 'list', '--vault', vault, '--json'])).stdout) as { name: string }[]).map((token) => token.name);
}

/** The JSON block printed after "MCP client config (mcpServers):". */
function parseConfig(printed: string): McpServersConfig {
  const lines = printed.split('\n');
  const start = lines.indexOf('MCP client config (mcpServers):') + 1;
  const end = lines.indexOf('}', start);
  return JSON.parse(lines.slice(start, end + 1).join('\n')) as McpServersConfig;
}

describe('npm start / indx serve as a child process', () => {
  let folder: string;
  let vault: string;

  beforeEach(async () => {
    folder = await writeTempFolder({});
    vault = join(folder, 'demo-vault');
    indxHome = join(folder, 'indx-home');
    await cp(DEMO_VAULT, vault, { recursive: true, filter: (source) => !source.includes(`${DEMO_VAULT}/.indx`) });
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('prints the URL, a demo token and ready-to-paste config that an MCP client connects with', async () => {
    const { child, printed } = await startServe(npmStartArgs(vault, join(folder, 'demo-token')));
    try {
      const config = parseConfig(printed);
      const { url, headers } = config.mcpServers.indx;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(headers.Authorization).toMatch(/^Bearer indx_[A-Za-z0-9_-]{43}$/);
      expect(printed).toMatch(/Token "serve-kept-\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z" \(vault:read, vault:write\):/);
      expect(printed).toContain(`claude mcp add --transport http --scope user indx ${url} --header '${'Authorization'}: ${headers.Authorization}'`);
      const base = url.replace(/\/mcp$/, '');
      const status = await fetch(`${base}/v1/vault/status`, { headers });
      expect(await status.json()).toMatchObject({ ok: true, data: { name: 'demo-vault', bases: 1, canvases: 1 } });
      const client = new Client({ name: 'serve-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(expect.arrayContaining(['note_read', 'note_write', 'note_patch']));
      expect(tools).not.toContain('vault_config_set');
      await client.close();
    } finally {
      expect(await stop(child)).toBe(0);
    }
    expect(await readdir(join(vault, '.indx'))).not.toContain('write.lock');
    expect(await tokenNames(vault)).toEqual([expect.stringMatching(/^serve-kept-/)]);
  });

  // A client entry pasted from one `npm start` must keep working after the next one.
  it('keeps the --token-file token across restarts: configuration pasted from the first run works in the second', async () => {
    const tokenFile = join(folder, 'kept', 'demo-token');
    const first = await startServe(['serve', '--vault', vault, '--token-file', tokenFile]);
    const pasted = parseConfig(first.printed).mcpServers.indx;
    expect(first.printed).toContain(`new, saved in ${tokenFile}`);
    expect(await stop(first.child)).toBe(0);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(pasted.headers.Authorization.replace('Bearer ', ''));
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const second = await startServe(['serve', '--vault', vault, '--token-file', tokenFile]);
    try {
      expect(second.printed).toContain(`read from ${tokenFile}`);
      const base = parseConfig(second.printed).mcpServers.indx.url.replace(/\/mcp$/, '');
      expect((await fetch(`${base}/v1/vault/status`, { headers: pasted.headers })).status).toBe(200);
      expect(await tokenNames(vault)).toHaveLength(1);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
    // A token the vault does not know (revoked here; or another vault's) is never overwritten:
    // serve refuses and says to remove the file, which then gets a new token.
    expect((await runCli(['token', 'revoke', '--vault', vault, '--name', (await tokenNames(vault))[0] ?? ''])).code).toBe(0);
    const refused = await runCli(['serve', '--vault', vault, '--token-file', tokenFile, '--port', '0'], { ...process.env, INDX_HOME: indxHome });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('does not overwrite a token file');
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(pasted.headers.Authorization.replace('Bearer ', ''));
    await rm(tokenFile);
    const third = await startServe(['serve', '--vault', vault, '--token-file', tokenFile]);
    expect(third.printed).toContain(`new, saved in ${tokenFile}`);
    expect(readFileSync(tokenFile, 'utf8').trim()).not.toBe(pasted.headers.Authorization.replace('Bearer ', ''));
    expect(await stop(third.child)).toBe(0);
  });

  it('says that a --new-token token dies with the server, and refuses --new-token with --token-file', async () => {
    const { child, printed } = await startServe(['serve', '--vault', vault, '--new-token', 'once']);
    expect(printed).toContain('It is revoked when this server stops');
    expect(await stop(child)).toBe(0);
    const both = await runCli(['serve', '--vault', vault, '--new-token', '--token-file', join(folder, 'x'), '--port', '0']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });

  it('revokes the --new-token token when interrupted (SIGINT), keeping tokens made by hand', async () => {
    expect((await runCli(['token', 'create', '--vault', vault, '--name', 'kept', '--scopes', 'vault:read'])).code).toBe(0);
    for (const run of [1, 2]) {
      const { child, printed } = await startServe(['serve', '--vault', vault, '--new-token', 'session']);
      const name = /Token "(session-[^"]+)"/.exec(printed)?.[1] ?? '';
      expect([run, (await tokenNames(vault)).sort()]).toEqual([run, ['kept', name].sort()]);
      const secret = parseConfig(printed).mcpServers.indx.headers.Authorization;
      const base = parseConfig(printed).mcpServers.indx.url.replace(/\/mcp$/, '');
      expect((await fetch(`${base}/v1/vault/status`, { headers: { Authorization: secret } })).status).toBe(200);
      expect(await stop(child, 'SIGINT')).toBe(0);
      expect([run, await tokenNames(vault)]).toEqual([run, ['kept']]);
    }
  });

  it('prints how to create a token when started without --new-token, and holds the vault write lock', async () => {
    const { child, printed } = await startServe(['serve', '--vault', vault]);
    try {
      expect(printed).toContain(`indx token create --vault ${JSON.stringify(vault)} --name NAME --scopes vault:read,vault:write`);
      expect(parseConfig(printed).mcpServers.indx.headers.Authorization).toBe('Bearer <TOKEN>');
      await expect(startServe(['serve', '--vault', vault])).rejects.toThrow(/lock_unavailable/);
    } finally {
      await stop(child);
    }
  });

  it('starts at once after the previous server was killed with kill -9 (its lock left behind, owner dead)', async () => {
    const first = await startServe(['serve', '--vault', vault]);
    expect(await stop(first.child, 'SIGKILL')).toBeNull();
    const second = await startServe(['serve', '--vault', vault]);
    expect(second.printed).toContain('Press Ctrl+C to stop.');
    expect(await stop(second.child)).toBe(0);
  });

  it('announces itself in a discovery record (URL, port, vault, pid; no secret) while it runs, and removes it when stopped', async () => {
    const file = discoveryFileFor(vault, discoveryFolder({ INDX_HOME: indxHome }));
    const { child, printed } = await startServe(['serve', '--vault', vault, '--new-token', 'found']);
    const url = parseConfig(printed).mcpServers.indx.url.replace(/\/mcp$/, '');
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual({ version: 1, host: 'headless', url, port: Number(new URL(url).port), vault_path: vault, vault_name: 'demo-vault', pid: child.pid, started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown });
    expect(text).not.toContain(parseConfig(printed).mcpServers.indx.headers.Authorization.replace('Bearer ', ''));
    expect(await stop(child)).toBe(0);
    expect(() => readFileSync(file, 'utf8')).toThrow(/ENOENT/);
  });
});
