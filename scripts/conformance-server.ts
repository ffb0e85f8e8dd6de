import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TokenStore } from '../src/core/auth/token-store';
import { Engine } from '../src/core/engine';
import { FileStorage, locateStateDir } from '../src/hosts/node/file-storage';
import { NodeVaultHost } from '../src/hosts/node/node-vault-host';
import { createMcpEndpoint } from '../src/server/mcp/create-mcp-endpoint';
import { startServer } from '../src/server/start-server';

/**
 * The server the MCP conformance suite runs against: the real HTTP layer and MCP endpoint over a
 * temp copy of the vault folder given as the first argument (the demo vault), without bearer auth (the suite cannot send an Authorization
 * header: modelcontextprotocol/conformance#453). Loopback only; test use only. Prints
 * `{"url": …}` on stdout and stops when stdin closes.
 */
async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'indx-conformance-'));
  await cp(resolve(process.argv[2] ?? 'demo-vault'), root, { recursive: true });
  const host = await NodeVaultHost.open(root, { watch: true });
  const storage = new FileStorage(locateStateDir(root));
  const engine = await Engine.create({ host, storage });
  const tokens = await TokenStore.load(storage);
  const server = await startServer({ engine, tokens, port: 0, auth: 'none', mcp: createMcpEndpoint });
  process.stdout.write(`${JSON.stringify({ url: `${server.url}/mcp` })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void server.close().then(() => host.close()).then(() => process.exit(0)));
}

void main();
