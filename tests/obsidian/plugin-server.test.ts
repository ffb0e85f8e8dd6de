jest.mock('obsidian', () => jest.requireActual<object>('./fake/obsidian'), { virtual: true });

import { existsSync, promises as fs, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TokenStore } from '../../src/core/auth/token-store';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { PluginEngine, type EngineState } from '../../src/hosts/obsidian/plugin-engine';
import { PluginServer, type ServerState } from '../../src/hosts/obsidian/plugin-server';
import { waitFor } from '../helpers/temp-vault';
import { openFakeVault, type FakeVault } from './fake-app';
import { holdWriteLock, type LockHolder } from './lock-holder';

describe("PluginEngine and the PluginServer attached to it: the engine's write lock, the server's start and stop", () => {
  let vault: FakeVault;
  let stateDir: string;
  let holder: LockHolder | null = null;
  let engine: PluginEngine | null = null;
  let engineStates: EngineState[];
  let serverStates: ServerState[];
  const indxHome = { previous: process.env.INDX_HOME, folder: '' };

  beforeEach(async () => {
    vault = await openFakeVault({ 'Home.md': '# Home\n' });
    stateDir = locateStateDir(vault.root, vault.app.vault.configDir);
    indxHome.folder = await fs.mkdtemp(path.join(tmpdir(), 'indx-home-'));
    process.env.INDX_HOME = indxHome.folder;
    engineStates = [];
    serverStates = [];
  });

  afterEach(async () => {
    await engine?.close();
    await holder?.release();
    engine = null;
    holder = null;
    await vault.dispose();
    await fs.rm(indxHome.folder, { recursive: true, force: true });
    process.env.INDX_HOME = indxHome.previous;
  });

  /** A new engine over the vault (the previous one closed) and a server attached to nothing yet. */
  async function create(lockRetryIntervalMs = 50): Promise<{ engine: PluginEngine; server: PluginServer }> {
    const storage = new FileStorage(stateDir);
    const created = new PluginEngine({
      app: vault.obsidian,
      stateDir,
      storage,
      embeddings: () => Promise.resolve(null),
      fetch,
      secretKey: () => '',
      onChange: (state) => engineStates.push(state),
      lockRetryIntervalMs,
    });
    engine = created;
    const server = new PluginServer(created, { app: vault.obsidian, vaultPath: vault.root, tokens: await TokenStore.load(storage), port: () => Promise.resolve(0), onChange: (state) => serverStates.push(state) });
    return { engine: created, server };
  }

  /** The lock's owner record: a new one (a new nonce) at every acquisition. */
  const lockOwner = (): Promise<string> => fs.readFile(path.join(stateDir, 'write.lock', 'owner.json'), 'utf8');

  // The AI commands call the engine directly: stopping the server must not take it, or its lock, away.
  it('keeps the engine and its write lock while the server stops and starts; Restart reopens both', async () => {
    const { engine: plugin, server } = await create();
    await plugin.open();
    await server.start();
    expect(server.state.status).toBe('running');
    const opened = plugin.engine;
    const owner = await lockOwner();
    const url = (server.state as { url: string }).url;
    await server.stop();
    expect(server.state.status).toBe('stopped');
    await expect(fetch(`${url}/v1/status`)).rejects.toThrow();
    expect(plugin.state.status).toBe('open');
    expect(plugin.engine).toBe(opened);
    expect(await lockOwner()).toBe(owner);
    await server.start();
    expect(server.state.status).toBe('running');
    expect(plugin.engine).toBe(opened);
    expect(await lockOwner()).toBe(owner);
    await server.restart();
    expect(server.state.status).toBe('running');
    expect(plugin.engine).not.toBe(opened);
    expect(await lockOwner()).not.toBe(owner);
    // Closing takes the server down first, then the engine and the lock.
    await plugin.close();
    expect(serverStates.slice(-2).map((state) => state.status)).toEqual(['stopping', 'stopped']);
    expect(plugin.state.status).toBe('closed');
    expect(existsSync(path.join(stateDir, 'write.lock'))).toBe(false);
  });

  // Review finding 8: an MCP client that starts before Obsidian runs a headless indx holding the lock for its whole life.
  it('waits instead of failing, naming the holder, and opens (starting the server asked for) once the holder lets go', async () => {
    holder = await holdWriteLock(stateDir);
    const { engine: plugin, server } = await create();
    await plugin.open();
    await server.start();
    expect(plugin.state).toEqual({ status: 'waiting', holder: expect.stringContaining(`process ${holder.pid} on `) as unknown });
    expect(server.state).toEqual(plugin.state);
    await delay(200);
    // Retries while waiting say nothing new: one "waiting" state, no flicker through "opening".
    expect(engineStates.map((state) => state.status)).toEqual(['opening', 'waiting']);
    await holder.release();
    await waitFor(() => server.state.status === 'running', 5000);
    expect(existsSync(path.join(stateDir, 'write.lock'))).toBe(true);
  });

  it('keeps waiting with the server stopped (the commands need the engine), and stops only when closed: no later retry takes the lock', async () => {
    holder = await holdWriteLock(stateDir);
    const first = await create();
    await first.engine.open();
    await first.server.start();
    await first.server.stop();
    expect(first.server.state.status).toBe('stopped');
    expect(first.engine.state.status).toBe('waiting');
    await holder.release();
    await waitFor(() => first.engine.state.status === 'open', 5000);
    expect(first.server.state.status).toBe('stopped');
    await first.engine.close();
    holder = await holdWriteLock(stateDir);
    const second = await create();
    await second.engine.open();
    expect(second.engine.state.status).toBe('waiting');
    await second.engine.close();
    await second.engine.open();
    await second.server.start();
    await holder.release();
    holder = null;
    await delay(300);
    expect(second.engine.state.status).toBe('closed');
    expect(second.server.state.status).toBe('stopped');
    expect(existsSync(path.join(stateDir, 'write.lock'))).toBe(false);
  });

  it('leaves the index alone while another process holds the lock, and rebuilds it once the lock is ours', async () => {
    const manifest = (): string => {
      const stats = statSync(path.join(stateDir, 'search', 'manifest.json'));
      return `${stats.ino}:${stats.mtimeMs}`;
    };
    const first = await create();
    await first.engine.open();
    await waitFor(() => first.engine.searchStatus()?.state === 'ready', 5000);
    await first.engine.close();
    const saved = manifest();
    holder = await holdWriteLock(stateDir);
    const { engine: plugin } = await create();
    await plugin.open();
    await plugin.rebuildIndex();
    expect(plugin.state.status).toBe('waiting');
    expect(manifest()).toBe(saved);
    await holder.release();
    await waitFor(() => plugin.state.status === 'open' && plugin.searchStatus()?.state === 'ready', 5000);
    await plugin.close();
    // The index was built afresh (a plain reopen keeps the saved manifest as it is).
    expect(manifest()).not.toBe(saved);
  });
});
