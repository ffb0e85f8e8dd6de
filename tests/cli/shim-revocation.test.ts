import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { waitFor } from '../helpers/temp-vault';
import { CLI } from './run-cli';
import { connectThroughShim, isRunning, startShimServer, type Era, type ShimServer } from './shim-harness';

// Issue 5 acceptance: the shim fails closed on a revoked token. The pending call gets a clear
// error saying how to fix the token (no hang, no retry loop) and the shim exits with the CLI's
// "not authorized" status (5). Each test has a short timeout to prove there is no hang.

let server: ShimServer;

beforeEach(async () => {
  server = await startShimServer();
});

afterEach(() => server.dispose());

describe.each<Era>(['legacy', 'modern'])('%s client', (era) => {
  test('a token revoked mid-session: the next call fails with a clear error and the shim exits', async () => {
    const shim = await connectThroughShim(era, { INDX_HOME: server.home, INDX_TOKEN: server.write });
    const pid = shim.transport.pid ?? 0;
    expect((await shim.client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } })).isError).not.toBe(true);
    await server.tokens.revoke('writer');
    await expect(shim.client.callTool({ name: 'note_read', arguments: { path: 'Welcome.md' } })).rejects.toThrow(/refused the token: it is unknown or was revoked\. Create a token with "indx token create/);
    await waitFor(() => !isRunning(pid), 20_000);
    expect(shim.stderr()).toContain('refused the token');
    expect(shim.stderr()).not.toContain(server.write);
    await shim.client.close();
  }, 60_000);
});

/** Runs the shim on raw pipes, sends `lines`, and collects stdout lines until it exits. */
function runRaw(args: string[], environment: Record<string, string>, lines: unknown[]): Promise<{ code: number | null; stdout: unknown[]; stderr: string }> {
  const child = spawn(process.execPath, [CLI, 'mcp', 'serve', '--stdio', ...args], { env: { PATH: process.env.PATH ?? '', ...environment }, stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout: unknown[] = [];
  let stderr = '';
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(JSON.parse(line)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  // stdin stays open: the shim must end by itself.
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

test('over raw pipes, a revoked token answers the request with -32001 on stdout, logs to stderr and exits 5', async () => {
  await server.tokens.revoke('writer');
  const result = await runRaw([], { INDX_HOME: server.home, INDX_TOKEN: server.write }, [INITIALIZE]);
  expect(result.code).toBe(5);
  expect(result.stdout).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32001, message: expect.stringContaining('refused the token') as unknown, data: { code: 'unauthorized' } } }]);
  expect(result.stderr).toContain('refused the token');
}, 60_000);

test('with no token configured, the error says none was configured and how to set one', async () => {
  const result = await runRaw(['--vault', server.vault.root], { INDX_HOME: server.home }, [INITIALIZE]);
  expect(result.code).toBe(5);
  expect(result.stdout).toEqual([expect.objectContaining({ id: 1, error: expect.objectContaining({ message: expect.stringMatching(/needs a token and none was configured\. .*INDX_TOKEN.*--token-file/) as unknown }) as unknown })]);
}, 60_000);
