import { promises as fs } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { TokenStore } from '../../../src/core/auth/token-store';
import type { Caller } from '../../../src/core/engine';
import { createMcpEndpoint } from '../../../src/server/mcp/create-mcp-endpoint';
import type { McpEndpoint } from '../../../src/server/server-deps';
import { createTempVault, waitFor, type TempVault } from '../../helpers/temp-vault';
import { connectClient, MCP_FILES } from './mcp-harness';

// close() must end every session, stream and listener by itself: the HTTP server here is
// closed WITHOUT closeAllConnections, so any SSE response the endpoint left open would keep
// server.close() from ever completing.

const CALLER: Caller = { actor: 'token:test', scopes: ['vault:read'] };

let vault: TempVault;
let http: Server;
let url: string;
let endpoint: McpEndpoint;
let stopped: jest.Mock;

/** A bare express app: JSON body, a fixed caller, the endpoint at /mcp. */
function listen(mcp: McpEndpoint): Promise<Server> {
  const app = express();
  app.use(express.json({ limit: '16mb' }));
  app.use((_request, response, next) => {
    response.locals.caller = CALLER;
    next();
  });
  app.all('/mcp', (request, response) => void mcp.handle(request, response));
  const server = createServer(app);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function countUnsubscribes(target: { on?: unknown; subscribe?: unknown }, method: 'on' | 'subscribe'): void {
  const original = (target[method] as (listener: unknown) => () => void).bind(target);
  jest.spyOn(target as Record<string, (listener: unknown) => () => void>, method).mockImplementation((listener) => {
    const unsubscribe = original(listener);
    return () => {
      stopped(method);
      unsubscribe();
    };
  });
}

beforeAll(async () => {
  vault = await createTempVault(MCP_FILES, { watch: true });
  stopped = jest.fn();
  countUnsubscribes(vault.engine.host, 'on');
  countUnsubscribes(vault.engine.audit, 'subscribe');
  endpoint = createMcpEndpoint({ engine: vault.engine, tokens: new TokenStore(vault.engine.storage), baseUrl: () => url, clock: Date.now });
  http = await listen(endpoint);
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => vault.dispose());

test('close() ends legacy sessions, listen streams and the vault listeners', async () => {
  const legacy = await connectClient(url, 'legacy', 'unused');
  await legacy.subscribeResource({ uri: 'vault://Daily/**' });
  const modern = await connectClient(url, 'modern', 'unused');
  const subscription = await modern.listen({ resourceSubscriptions: ['vault://Daily/**'] });
  // Both notification streams are open once a change reaches both clients.
  const reached = new Set<string>();
  legacy.setNotificationHandler('notifications/resources/updated', () => void reached.add('legacy'));
  modern.setNotificationHandler('notifications/resources/updated', () => void reached.add('modern'));
  for (let attempt = 0; reached.size < 2; attempt += 1) {
    if (attempt === 20) throw new Error('the notification streams never opened');
    await fs.writeFile(join(vault.root, 'Daily', '2026-11-21.md'), `# Saturday ${attempt}\n`);
    await waitFor(() => reached.size === 2, 300).catch(() => undefined);
  }

  await endpoint.close();
  expect(await subscription.closed).toMatch(/graceful|remote/);
  expect(stopped.mock.calls).toEqual([['on'], ['subscribe']]);

  let closed = false;
  http.close(() => void (closed = true));
  http.closeIdleConnections();
  await waitFor(() => closed, 2000);
  await Promise.all([legacy.close(), modern.close()]);
});
