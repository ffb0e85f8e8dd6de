import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { TokenStore } from '../../src/core/auth/token-store';
import { discoveryFolder, writeDiscovery } from '../../src/server/discovery/discovery-file';
import { createMcpEndpoint } from '../../src/server/mcp/create-mcp-endpoint';
import { startServer, type RunningServer } from '../../src/server/start-server';
import { createTempVault, type TempFiles, type TempVault } from '../helpers/temp-vault';
import { CLI } from './run-cli';

/** The two protocol eras a client speaks through the shim. */
export type Era = 'legacy' | 'modern';

/** Files of the vault the shim tests serve. */
export const SHIM_FILES: TempFiles = {
  'Welcome.md': '---\ntags: [start]\n---\n# Welcome\n\nSee [[Projects/Plan]].\n',
  'Projects/Plan.md': '# Plan\n\n## Goals\n- ship\n',
};

/**
 * A temp vault served in this process over real HTTP (the MCP endpoint at /mcp), announced by a
 * discovery record in a private INDX_HOME, the way the plugin or `indx serve` announces itself.
 * `restart` stops the server and starts a new one on another port with a new record.
 */
export interface ShimServer {
  vault: TempVault;
  tokens: TokenStore;
  /** INDX_HOME of the shim: the discovery records live in `<home>/instances`. */
  home: string;
  /** A read+write token's secret (named "writer"). */
  write: string;
  url(): string;
  /** Starts the server (on `port`, default a free one) and writes its record. */
  start(port?: number): Promise<void>;
  stop(): Promise<void>;
  /** Stops and starts the server: on a new port, or on the same one (as Obsidian's fixed port). */
  restart(options?: { samePort?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

/** Serves a temp vault and writes its discovery record. */
export async function startShimServer(options: { watch?: boolean } = {}): Promise<ShimServer> {
  const vault = await createTempVault(SHIM_FILES, { watch: options.watch ?? false });
  const tokens = await TokenStore.load(vault.engine.storage);
  const write = (await tokens.create('writer', 'vault:read,vault:write')).token;
  const home = await mkdtemp(join(tmpdir(), 'indx-home-'));
  let server: RunningServer | null = null;
  let removeRecord: (() => Promise<void>) | null = null;
  const harness: ShimServer = {
    vault,
    tokens,
    home,
    write,
    url: () => server?.url ?? '',
    async start(port = 0) {
      server = await startServer({ engine: vault.engine, tokens, port, mcp: createMcpEndpoint });
      const record = { version: 1 as const, host: 'headless' as const, url: server.url, port: server.port, vault_path: realpathSync(vault.root), vault_name: basename(vault.root), pid: process.pid, started_at: new Date().toISOString() };
      removeRecord = await writeDiscovery(record, discoveryFolder({ INDX_HOME: home }));
    },
    async stop() {
      await removeRecord?.();
      await server?.close();
      server = null;
      removeRecord = null;
    },
    async restart(options = {}) {
      const port = server?.port ?? 0;
      await harness.stop();
      await harness.start(options.samePort === true ? port : 0);
    },
    async dispose() {
      await harness.stop();
      await vault.dispose();
      await rm(home, { recursive: true, force: true });
    },
  };
  await harness.start();
  return harness;
}

/** A client of `era` talking to `indx mcp serve --stdio` spawned as a child process over real pipes. */
export interface ShimClient {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the shim wrote to stderr so far. */
  stderr(): string;
}

/** Spawns the shim with `environment` (added to the SDK's safe defaults) and connects a client of `era` to it. */
export async function connectThroughShim(era: Era, environment: Record<string, string>, args: string[] = []): Promise<ShimClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', 'serve', '--stdio', ...args], env: { ...getDefaultEnvironment(), ...environment }, stderr: 'pipe' });
  let stderr = '';
  (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const options = era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {};
  const client = new Client({ name: `shim-test-${era}`, version: '1.0.0' }, options);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** The text of the first content block of a tool result. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}

/** True while a process with `pid` exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
