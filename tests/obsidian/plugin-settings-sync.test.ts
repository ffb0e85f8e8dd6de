import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { waitFor } from '../helpers/temp-vault';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, type PluginVault } from './plugin-harness';

// obsidian.d.ts, Plugin.onExternalSettingsChange (since 1.5.7): "Called when the `data.json` file
// is modified on disk externally from Obsidian. This usually means that a Sync service or
// external program has modified the plugin settings." The app calls it on every enabled plugin,
// so the built plugin must take it whether or not its onload got as far as reading settings.

/** What the tests reach on the built plugin beyond the fake's Plugin. */
interface SyncedPlugin extends fake.Plugin {
  onExternalSettingsChange(): Promise<void>;
  settingsStore?: { current: { server: { port?: number } } };
}

describe('settings changed on disk by Sync (the built main.js)', () => {
  let vault: PluginVault;

  beforeEach(async () => {
    fake.installAppGlobals();
    fake.clearNotices();
    vault = await preparePluginVault({ 'Home.md': '# Home\n' });
  });

  afterEach(async () => {
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  it('takes the call without failing when onload stopped early (no vault folder on this device)', async () => {
    // A vault that is no folder on this computer (Obsidian mobile's adapter): onload says so and stops.
    Object.defineProperty(vault.app.vault, 'adapter', { value: { getName: () => 'capacitor' } });
    const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST) as unknown as SyncedPlugin;
    await vault.app.enable(plugin);
    expect(fake.shownNotices.map((notice) => notice.message)).toContain('indx needs a vault folder on this computer.');
    await expect(plugin.onExternalSettingsChange()).resolves.toBeUndefined();
    vault.app.disable(plugin);
  });

  it('reloads the settings another device wrote', async () => {
    const plugin = new (loadBuiltPlugin(fake))(vault.app, MANIFEST) as unknown as SyncedPlugin;
    await vault.app.enable(plugin);
    // The settings are read at layout-ready; a change before then is simply read then.
    await plugin.onExternalSettingsChange();
    vault.app.workspace.setLayoutReady();
    await waitFor(() => plugin.settingsStore !== undefined, 5000);
    const dataFile = path.join(vault.pluginFolder, 'data.json');
    const data = JSON.parse(await fs.readFile(dataFile, 'utf8')) as { server: { enabled: boolean; port: number } };
    await fs.writeFile(dataFile, JSON.stringify({ ...data, server: { ...data.server, port: vault.port + 1 } }));
    await plugin.onExternalSettingsChange();
    expect(plugin.settingsStore?.current.server.port).toBe(vault.port + 1);
    vault.app.disable(plugin);
    await waitForRelease(vault).catch(() => undefined);
  });
});
