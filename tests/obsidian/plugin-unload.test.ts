import { setTimeout as delay } from 'node:timers/promises';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../helpers/temp-vault';
import * as fake from './fake/obsidian';
import { canListen, discoveryFiles, loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

/** What the tests read of the plugin instance (its server's state). */
type LoadedPlugin = fake.Plugin & { server?: { state: { status: string } } };

describe('the built main.js unloaded at awkward moments: nothing outlives it', () => {
  let vault: PluginVault;
  const loaded: fake.Plugin[] = [];

  beforeAll(async () => {
    fake.installAppGlobals();
    vault = await preparePluginVault({ 'Home.md': '# Home\n' });
  });

  afterAll(async () => {
    for (const plugin of loaded) vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  function newPlugin(): LoadedPlugin {
    const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST) as LoadedPlugin;
    loaded.push(plugin);
    return plugin;
  }

  /** Neither the port, the write lock nor a discovery file is taken, and nothing of the plugin is left in the app. */
  async function expectNothingHeld(): Promise<void> {
    expect(await canListen(vault.port)).toBe(true);
    expect(existsSync(path.join(vault.stateDir, 'write.lock'))).toBe(false);
    expect(discoveryFiles(vault)).toEqual([]);
    expect(vault.app.commands.commands.size).toBe(0);
    expect(vault.app.setting.tabs).toHaveLength(0);
    expect(vault.app.statusBar.children).toHaveLength(0);
  }

  // Obsidian loads plugins before the layout is ready; a user (or a reload) may disable one in between.
  it('starts no server when the layout becomes ready after the plugin was disabled', async () => {
    const plugin = newPlugin();
    await vault.app.enable(plugin);
    vault.app.disable(plugin);
    vault.app.workspace.setLayoutReady();
    await delay(300);
    // Everything but the shell opens at layout-ready: nothing of it was even made.
    expect(plugin.server).toBeUndefined();
    await expectNothingHeld();
  });

  // Obsidian does not wait for an async onload before it can unload the plugin.
  it('registers and starts nothing when unloaded while onload still awaits its settings', async () => {
    const plugin = newPlugin();
    plugin.load();
    vault.app.disable(plugin);
    await plugin.loading;
    await delay(300);
    expect(plugin.server).toBeUndefined();
    await expectNothingHeld();
  });

  // Unload is not awaited: the port must be free at once for the next instance, whatever the file system does.
  it('closes the listening socket before it removes the discovery file', async () => {
    vault.app.workspace.setLayoutReady();
    const plugin = newPlugin();
    await vault.app.enable(plugin);
    await waitForServer(vault);
    let openGate = (): void => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const instances = path.join(vault.indxHome, 'instances');
    const held = <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        if (String(args[0]).startsWith(instances)) await gate;
        return original(...args);
      };
    const [realRm, realUnlink] = [fs.rm.bind(fs), fs.unlink.bind(fs)];
    const rm = jest.spyOn(fs, 'rm').mockImplementation(held(realRm));
    const unlink = jest.spyOn(fs, 'unlink').mockImplementation(held(realUnlink));
    try {
      vault.app.disable(plugin);
      await waitFor(() => plugin.server?.state.status === 'stopping', 1000);
      const started = Date.now();
      while (!(await canListen(vault.port))) {
        if (Date.now() - started > 3000) throw new Error('the port stayed taken while the discovery file was being removed');
        await delay(20);
      }
      expect(discoveryFiles(vault)).toHaveLength(1);
    } finally {
      openGate();
      rm.mockRestore();
      unlink.mockRestore();
    }
    await waitForRelease(vault);
  });
});
