import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { TokenStore } from '../../../src/core/auth/token-store';
import { createMcpEndpoint, type McpEndpointOptions } from '../../../src/server/mcp/create-mcp-endpoint';
import { startServer, type RunningServer } from '../../../src/server/start-server';
import { createTempVault, type TempFiles, type TempVault, type TempVaultOptions } from '../../helpers/temp-vault';

/** The two protocol eras a test client can speak. */
export type Era = 'legacy' | 'modern';

/** Both eras, for `describe.each`. */
export const ERAS: readonly Era[] = ['legacy', 'modern'];

/** A temp vault served by the real HTTP server with the MCP endpoint, and a token per scope. */
export interface McpHarness {
  vault: TempVault;
  /** The token store the server authenticates with. */
  tokens: TokenStore;
  server: RunningServer;
  /** The endpoint URL, `…/mcp`. */
  url: string;
  read: string;
  write: string;
  /** Connects a client of `era` with `token`; closed by `dispose`. */
  connect(era: Era, token: string): Promise<Client>;
  dispose(): Promise<void>;
}

/** Files of the served vault: a daily folder, a project, links both ways. */
export const MCP_FILES: TempFiles = {
  'Welcome.md': '---\ntags: [start]\n---\n# Welcome\n\nSee [[Daily/2026-11-21]] and [[Projects/Plan]].\n',
  'Daily/2026-11-21.md': '# Saturday\n\n## Log\n- woke up\n\nBack to [[Welcome]].\n',
  'Daily/Archive/2026-11-01.md': '# Old day\n',
  'Projects/Plan.md': '# Plan\n\n## Goals\n- ship\n',
};

/** Serves a temp vault (watched when asked) with `createMcpEndpoint(deps, endpoint)` at `/mcp`. */
export async function startMcpHarness(options: { files?: TempFiles; watch?: boolean; endpoint?: McpEndpointOptions; search?: TempVaultOptions['search'] } = {}): Promise<McpHarness> {
  const vault = await createTempVault(options.files ?? MCP_FILES, { watch: options.watch ?? false, ...(options.search === undefined ? {} : { search: options.search }) });
  const tokens = await TokenStore.load(vault.engine.storage);
  const read = (await tokens.create('reader', 'vault:read')).token;
  const write = (await tokens.create('writer', 'vault:read,vault:write')).token;
  const server = await startServer({ engine: vault.engine, tokens, port: 0, clock: Date.now, mcp: (deps) => createMcpEndpoint(deps, options.endpoint) });
  const url = `${server.url}/mcp`;
  const clients: Client[] = [];
  return {
    vault,
    tokens,
    server,
    url,
    read,
    write,
    async connect(era, token) {
      const client = await connectClient(url, era, token);
      clients.push(client);
      return client;
    },
    async dispose() {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      await server.close();
      await vault.dispose();
    },
  };
}

/** A real SDK client over Streamable HTTP: a 2025-11-25 session client, or one pinned to 2026-07-28. */
export async function connectClient(url: string, era: Era, token: string): Promise<Client> {
  const options = era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
  const client = new Client({ name: `indx-test-${era}`, version: '1.0.0' }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}
