import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { FileStorage, findPluginFolder, legacyStateDir, locateStateDir } from '../../src/hosts/node/file-storage';
import { acquireWriteLock } from '../../src/hosts/node/write-lock';
import { TokenStore } from '../../src/core/auth/token-store';
import { isolatedEnvironment, runCli } from '../cli/run-cli';
import { writeTempFolder } from '../helpers/temp-vault';
import * as fake from './fake/obsidian';
import { loadBuiltPlugin, MANIFEST, preparePluginVault, waitForRelease, waitForServer, type PluginVault } from './plugin-harness';

// The plugin keeps its state in its own folder, whatever that folder is named (obsidian.d.ts,
// PluginManifest.dir: "Vault path to the plugin folder in the config directory"; the app sets it
// when it loads a plugin). The CLI finds the same folder by the manifest's id, so the app and
// `indx` share one state folder and one lock. State a headless indx kept in `<vault>/.indx` moves
// into the plugin's folder once.

/** GET /v1/vault/status with `token`: the HTTP status. */
async function statusWith(port: number, token: string): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/v1/vault/status`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('the state folder of the built plugin', () => {
  let vault: PluginVault;
  let plugin: fake.Plugin | null = null;

  beforeEach(() => {
    fake.installAppGlobals();
    fake.clearNotices();
  });

  afterEach(async () => {
    if (plugin !== null) vault.app.disable(plugin);
    plugin = null;
    // The plugin does not wait for its index to be saved on unload: wait for the lock of the
    // folder it really used (a migrated one is not `vault.stateDir`) before the vault goes.
    const pluginState = path.join(vault.root, vault.app.vault.configDir, 'plugins', 'indx-beta', 'state');
    await waitForRelease({ ...vault, stateDir: existsSync(pluginState) ? pluginState : vault.stateDir });
    await vault.dispose();
    delete process.env.INDX_HOME;
  });

  async function start(folder: string): Promise<void> {
    plugin = new (loadBuiltPlugin(fake))(vault.app, { ...MANIFEST, dir: `${vault.app.vault.configDir}/plugins/${folder}` });
    await vault.app.enable(plugin);
    vault.app.workspace.setLayoutReady();
    await waitForServer(vault);
  }

  it('lives in a plugin folder of another name, and the CLI finds the same folder', async () => {
    vault = await preparePluginVault({ 'Home.md': '# Home\n' }, {}, { folder: 'indx-beta' });
    const stateDir = path.join(vault.root, vault.app.vault.configDir, 'plugins', 'indx-beta', 'state');
    expect(vault.stateDir).toBe(stateDir);
    await start('indx-beta');
    expect(await statusWith(vault.port, vault.token)).toBe(200);
    // A token the CLI makes reaches the plugin's server: both use one token file.
    const created = await runCli(['token', 'create', '--vault', vault.root, '--name', 'from-cli', '--scopes', 'vault:read'], isolatedEnvironment(vault.indxHome));
    expect(created.code).toBe(0);
    const token = /(indx_[A-Za-z0-9_-]+)/.exec(created.stdout)?.[1] ?? '';
    // The server re-reads the token file twice a second.
    let status = 0;
    for (const deadline = Date.now() + 10_000; status !== 200 && Date.now() < deadline; await delay(100)) status = await statusWith(vault.port, token);
    expect(status).toBe(200);
    expect(existsSync(legacyStateDir(vault.root))).toBe(false);
  });

  it('takes over the state a headless indx kept in <vault>/.indx, once', async () => {
    vault = await preparePluginVault({ 'Home.md': '# Home\n' }, {}, { folder: 'indx-beta', legacyState: true });
    expect(vault.stateDir).toBe(legacyStateDir(vault.root));
    await start('indx-beta');
    const stateDir = path.join(vault.root, vault.app.vault.configDir, 'plugins', 'indx-beta', 'state');
    expect(existsSync(legacyStateDir(vault.root))).toBe(false);
    expect(existsSync(path.join(stateDir, 'tokens.json'))).toBe(true);
    expect(await statusWith(vault.port, vault.token)).toBe(200);
    expect(fake.shownNotices.map((notice) => notice.message).join('\n')).toContain('indx moved its tokens, settings and index');
  });

  it('leaves <vault>/.indx where it is while another process holds it, and uses it meanwhile', async () => {
    vault = await preparePluginVault({ 'Home.md': '# Home\n' }, {}, { folder: 'indx-beta', legacyState: true });
    const legacy = legacyStateDir(vault.root);
    const release = await acquireWriteLock(legacy);
    try {
      plugin = new (loadBuiltPlugin(fake))(vault.app, { ...MANIFEST, dir: `${vault.app.vault.configDir}/plugins/indx-beta` });
      await vault.app.enable(plugin);
      expect(existsSync(path.join(legacy, 'tokens.json'))).toBe(true);
      expect(existsSync(path.join(vault.root, vault.app.vault.configDir, 'plugins', 'indx-beta', 'state'))).toBe(false);
      expect(fake.shownNotices.map((notice) => notice.message).join('\n')).toContain(`another indx process is using ${legacy}`);
    } finally {
      await release();
    }
  });
});

describe('finding the plugin folder from outside the app (the CLI)', () => {
  it('finds a renamed plugin folder by its manifest id, and a configuration folder of another name', async () => {
    const manifest = JSON.stringify({ ...MANIFEST });
    const root = await writeTempFolder({ '.obsidian/plugins/other/manifest.json': '{"id":"other"}', '.obsidian/plugins/zz-indx/manifest.json': manifest, 'Home.md': '# Home\n' });
    expect(findPluginFolder(root)).toBe(path.join(root, '.obsidian/plugins/zz-indx'));
    const custom = await writeTempFolder({ '.obsidian-laptop/plugins/indx/manifest.json': manifest, 'Home.md': '# Home\n' });
    expect(locateStateDir(custom)).toBe(path.join(custom, '.obsidian-laptop/plugins/indx/state'));
    const none = await writeTempFolder({ 'Home.md': '# Home\n' });
    expect(locateStateDir(none)).toBe(path.join(none, '.indx'));
    // The tokens a CLI command writes land where the plugin reads them.
    await (await TokenStore.load(new FileStorage(locateStateDir(custom)))).create('t', ['vault:read']);
    expect(existsSync(path.join(custom, '.obsidian-laptop/plugins/indx/state/tokens.json'))).toBe(true);
    for (const folder of [root, custom, none]) await fs.rm(folder, { recursive: true, force: true });
  });
});
