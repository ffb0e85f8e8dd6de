jest.mock('obsidian', () => jest.requireActual<object>('./fake/obsidian'), { virtual: true });

import { existsSync, promises as fs, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TokenStore } from '../../src/core/auth/token-store';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { PluginServer, type ServerState } from '../../src/hosts/obsidian/plugin-server';
import { waitFor } from '../helpers/temp-vault';
import { openFakeVault, type FakeVault } from './fake-app';
import { holdWriteLock, type LockHolder } from './lock-holder';

describe('PluginServer while another process holds the write lock', () => {
  let vault: FakeVault;
  let stateDir: string;
  let holder: LockHolder | null = null;
  let server: PluginServer | null = null;
  let states: ServerState[];
  const indxHome = { previous: process.env.INDX_HOME, folder: '' };

  beforeEach(async () => {
    vault = await openFakeVault({ 'Home.md': '# Home\n' });
    stateDir = locateStateDir(vault.root, vault.app.vault.configDir);
    indxHome.folder = await fs.mkdtemp(path.join(tmpdir(), 'indx-home-'));
    process.env.INDX_HOME = indxHome.folder;
    states = [];
  });

  afterEach(async () => {
    await server?.dispose();
    await holder?.release();
    server = null;
    holder = null;
    await vault.dispose();
    await fs.rm(indxHome.folder, { recursive: true, force: true });
    process.env.INDX_HOME = indxHome.previous;
  });

  async function createServer(lockRetryIntervalMs: number): Promise<PluginServer> {
    const storage = new FileStorage(stateDir);
    server = new PluginServer({
      app: vault.obsidian,
      vaultPath: vault.root,
      stateDir,
      storage,
      tokens: await TokenStore.load(storage),
      port: () => Promise.resolve(0),
      embeddings: () => Promise.resolve(null),
      fetch,
      secretKey: () => '',
      onChange: (state) => states.push(state),
      lockRetryIntervalMs,
    });
    return server;
  }

  // Review finding 8: an MCP client that starts before Obsidian runs a headless indx holding the lock for its whole life.
  it('waits instead of failing, naming the holder, and serves once the holder lets go', async () => {
    holder = await holdWriteLock(stateDir);
    const plugin = await createServer(50);
    await plugin.start();
    expect(plugin.state).toEqual({ status: 'waiting', holder: expect.stringContaining(`process ${holder.pid} on `) as unknown });
    await delay(200);
    // Retries while waiting say nothing new: one "waiting" state, no flicker through "starting".
    expect(states.map((state) => state.status)).toEqual(['starting', 'waiting']);
    await holder.release();
    await waitFor(() => plugin.state.status === 'running', 5000);
    expect(existsSync(path.join(stateDir, 'write.lock'))).toBe(true);
    await plugin.stop();
    expect(plugin.state.status).toBe('stopped');
  });

  it('stops waiting when stopped or disposed: no later retry takes the lock', async () => {
    holder = await holdWriteLock(stateDir);
    const plugin = await createServer(50);
    await plugin.start();
    expect(plugin.state.status).toBe('waiting');
    await plugin.stop();
    await plugin.start();
    expect(plugin.state.status).toBe('waiting');
    await plugin.dispose();
    await plugin.start();
    await holder.release();
    await delay(300);
    expect(plugin.state.status).toBe('stopped');
    expect(existsSync(path.join(stateDir, 'write.lock'))).toBe(false);
  });

  it('leaves the index alone while another process holds the lock, and rebuilds it once the lock is ours', async () => {
    const manifest = (): string => {
      const stats = statSync(path.join(stateDir, 'search', 'manifest.json'));
      return `${stats.ino}:${stats.mtimeMs}`;
    };
    const plugin = await createServer(50);
    await plugin.start();
    await waitFor(() => plugin.searchStatus()?.state === 'ready', 5000);
    await plugin.stop();
    const saved = manifest();
    holder = await holdWriteLock(stateDir);
    await plugin.start();
    await plugin.rebuildIndex();
    expect(plugin.state.status).toBe('waiting');
    expect(manifest()).toBe(saved);
    await holder.release();
    await waitFor(() => plugin.state.status === 'running' && plugin.searchStatus()?.state === 'ready', 5000);
    await plugin.stop();
    // The index was built afresh (a plain restart keeps the saved manifest as it is).
    expect(manifest()).not.toBe(saved);
  });
});
