import type { App } from 'obsidian';
import type { TokenStore } from '../../core/auth/token-store';
import type { Engine } from '../../core/engine';
import { isIndxError } from '../../core/errors';
import { loadEngineParts } from './load-engine-parts';
import type { EngineSurface, PluginEngine } from './plugin-engine';
import { runAll, type Cleanup } from './run-steps';

/**
 * How many ports after the configured one the server tries when it is taken (27643 .. 27652 by
 * default): each vault open in the app at once needs a port of its own. Never a port of the same
 * vault's other server: the write lock, taken first, lets only one indx serve a vault.
 */
export const PORT_FALLBACKS = 9;

/** Ports from `first` to `last` (the same port when only one was tried). */
export interface PortRange {
  first: number;
  last: number;
}

/** Where the plugin's server stands. */
export type ServerState =
  | { status: 'stopped' }
  | { status: 'starting' }
  /** `requestedPort`: the configured port; `port` differs from it when that one was taken. */
  | { status: 'running'; url: string; port: number; requestedPort: number }
  /** Another process (a headless indx) holds the vault's write lock, so the engine the server needs is not open yet. */
  | { status: 'waiting'; holder: string }
  | { status: 'stopping' }
  | { status: 'failed'; message: string; portsInUse: PortRange | null };

/** What the server is built from; the port is asked at each start, so a changed port applies on restart. */
export interface PluginServerOptions {
  app: App;
  /** Absolute path of the vault folder. */
  vaultPath: string;
  tokens: TokenStore;
  port(): Promise<number>;
  onChange(state: ServerState): void;
}

/**
 * The plugin's HTTP server (MCP at `/mcp`, REST at `/v1`) and the discovery file the stdio relay
 * and the CLI find it by: a surface of the plugin's engine. Start attaches it to the engine (it
 * listens once the engine is open), stop detaches it; neither opens nor closes the engine or its
 * write lock, which the plugin holds from layout-ready to unload. Asked to run while the engine
 * is not open, its state says why (opening, waiting for another process's lock, failed).
 */
export class PluginServer implements EngineSurface {
  private own: ServerState = { status: 'stopped' };
  private cleanup: Cleanup[] = [];

  constructor(
    private readonly engine: PluginEngine,
    private readonly options: PluginServerOptions,
  ) {}

  /** The current state. */
  get state(): ServerState {
    if (!this.engine.isAttached(this) || this.own.status !== 'stopped') return this.own;
    const engine = this.engine.state;
    if (engine.status === 'waiting') return { status: 'waiting', holder: engine.holder };
    if (engine.status === 'failed') return { status: 'failed', message: engine.message, portsInUse: null };
    return { status: 'starting' };
  }

  /** Starts the server unless it runs (once the engine is open); a failure is reported through the state, never thrown. */
  start(): Promise<void> {
    return this.changedBy(this.engine.attach(this));
  }

  /** Stops the server (or its wait for the engine); the engine keeps running. */
  stop(): Promise<void> {
    return this.changedBy(this.engine.detach(this));
  }

  /**
   * Restarts indx in this vault, engine included: the server's port and the engine's embeddings
   * provider apply (stop and start leave the engine alone).
   */
  restart(): Promise<void> {
    return this.changedBy(this.engine.reopen(this));
  }

  /** Listens on the configured port and writes the discovery record (called by the engine once it is open). */
  async open(engine: Engine): Promise<boolean> {
    this.setState({ status: 'starting' });
    const cleanup: Cleanup[] = [];
    try {
      await this.listen(engine, cleanup);
      this.cleanup = cleanup;
      return true;
    } catch (error: unknown) {
      await runAll(cleanup).catch((failure: unknown) => console.warn('indx: cleaning up after a failed start failed', failure));
      this.setState(toFailure(error));
      return false;
    }
  }

  /** Stops listening, then removes the discovery record (called by the engine: detached, or the engine closes). */
  async close(): Promise<void> {
    if (this.cleanup.length === 0) {
      if (this.own.status !== 'stopped') this.setState({ status: 'stopped' });
      return;
    }
    this.setState({ status: 'stopping' });
    const cleanup = this.cleanup;
    this.cleanup = [];
    await runAll(cleanup).catch((error: unknown) => console.warn('indx: stopping the server failed', error));
    this.setState({ status: 'stopped' });
  }

  /** Starts the server on `engine`, putting each part's cleanup first in `cleanup`. */
  private async listen(engine: Engine, cleanup: Cleanup[]): Promise<void> {
    const { app, tokens, vaultPath } = this.options;
    const { createMcpEndpoint, startServer, writeDiscovery } = await loadEngineParts();
    const requestedPort = await this.options.port();
    const server = await startServer({ engine, tokens, port: requestedPort, portFallbacks: PORT_FALLBACKS, mcp: createMcpEndpoint });
    const closeServer: Cleanup = () => server.close();
    cleanup.unshift(closeServer);
    const record = { version: 1 as const, host: 'obsidian' as const, url: server.url, port: server.port, vault_path: vaultPath, vault_name: app.vault.getName(), pid: process.pid, started_at: new Date().toISOString() };
    // Discovery is a convenience for the stdio relay and the CLI: without it the server still serves.
    const removeDiscovery = await writeDiscovery(record).catch((error: unknown) => {
      console.warn('indx: could not write the discovery file', error);
      return () => Promise.resolve();
    });
    // Behind the server's close: the listening socket goes first, as unload does not wait and a reload wants the port.
    cleanup.splice(cleanup.indexOf(closeServer) + 1, 0, removeDiscovery);
    this.setState({ status: 'running', url: server.url, port: server.port, requestedPort });
  }

  /** Reports the state once the attach or detach has changed what is asked for (the work itself follows in the engine's queue). */
  private changedBy(work: Promise<void>): Promise<void> {
    this.options.onChange(this.state);
    return work;
  }

  private setState(state: ServerState): void {
    this.own = state;
    this.options.onChange(this.state);
  }
}

function toFailure(error: unknown): ServerState {
  if (isIndxError(error, 'conflict') && typeof error.details.port === 'number') {
    const first = error.details.port;
    const last = typeof error.details.last_port === 'number' ? error.details.last_port : first;
    const taken = first === last ? `Port ${first} is in use by another program (or by indx in another vault)` : `Ports ${first} to ${last} are all in use by other programs (or by indx in other vaults)`;
    return { status: 'failed', message: `${taken}. Choose another port in the indx settings, then start the server again.`, portsInUse: { first, last } };
  }
  if (isIndxError(error)) return { status: 'failed', message: error.message, portsInUse: null };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 'failed', message: `indx could not start its server: ${detail}`, portsInUse: null };
}
