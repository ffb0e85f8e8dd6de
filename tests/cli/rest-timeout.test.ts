import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandFailure } from '../../packages/indx-mcp/src/rest/command-failure';
import { DEFAULT_TIMEOUT_MS, sendHttpRequest } from '../../packages/indx-mcp/src/rest/send-http-request';
import { isolatedEnvironment, printedError, runCli } from './run-cli';

// Review of issue 5, nit: a server that accepts the connection but never answers must not hang
// the CLI. It gives up after --timeout seconds (default 30) with server_unavailable, exit 6.

let server: Server;
let url: string;
let home: string;
let requests: string[];

beforeEach(async () => {
  requests = [];
  // Reads every request and never answers it.
  server = createServer((request) => void requests.push(`${request.method ?? ''} ${request.url ?? ''}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  home = await mkdtemp(join(tmpdir(), 'indx-timeout-'));
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(home, { recursive: true, force: true });
});

test('sendHttpRequest fails with server_unavailable once the server has been silent for the timeout (30 s unless told)', async () => {
  expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  const started = Date.now();
  const failure = await sendHttpRequest(url, { method: 'POST', target: '/v1/notes', headers: {}, body: '{}', timeoutMs: 200 }).catch((error: unknown) => error);
  expect(Date.now() - started).toBeLessThan(5000);
  expect(failure).toBeInstanceOf(CommandFailure);
  expect(failure).toMatchObject({ code: 'server_unavailable', details: { url, timeout_ms: 200 }, message: expect.stringContaining('did not answer within 0.2 s') as unknown });
  expect((failure as Error).message).toContain('may or may not have been carried out');
});

test('through the CLI: --timeout ends the wait with exit 6 and says how to wait longer; a bad --timeout is a usage error', async () => {
  const environment = isolatedEnvironment(home, { INDX_TOKEN: 'indx_token' });
  const result = await runCli(['vault', 'status', '--url', url, '--timeout', '0.5'], environment);
  expect([result.code, printedError(result).code]).toEqual([6, 'server_unavailable']);
  expect(printedError(result).message).toMatch(/did not answer within 0\.5 s\. If it is busy, wait longer with --timeout SECONDS/);
  // A read: nothing to warn about.
  expect(printedError(result).message).not.toContain('may or may not');
  expect(requests).toEqual(['GET /v1/vault/status']);
  const bad = await runCli(['vault', 'status', '--url', url, '--timeout', 'soon'], environment);
  expect([bad.code, printedError(bad).code]).toEqual([2, 'invalid_input']);
  expect(requests).toHaveLength(1);
});
