import { setTimeout as delay } from 'node:timers/promises';
import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TokenStore } from '../../src/core/auth/token-store';
import { FileStorage, legacyStateDir, locateStateDir } from '../../src/hosts/node/file-storage';
import { findDiscovery, type DiscoveryRecord } from '../../src/server/discovery/discovery-file';
import { freePort } from '../helpers/free-port';
import { waitFor, type TempFiles } from '../helpers/temp-vault';
import { openFakeVault, type FakeVault } from './fake-app';
import * as fakeElectron from './fake/electron';
import type * as FakeObsidian from './fake/obsidian';
import type { Plugin, PluginManifest } from './fake/obsidian';

/** The bundled plugin, as the app loads it. */
export const MAIN_JS = path.resolve(__dirname, '../../main.js');

/** The plugin class `main.js` exports (`module.exports.default`). */
export type PluginConstructor = new (app: unknown, manifest: PluginManifest) => Plugin & { onunload(): void };

/** The manifest at the repository root. */
export const MANIFEST = JSON.parse(readFileSync(path.resolve(__dirname, '../../manifest.json'), 'utf8')) as PluginManifest;

/**
 * Evaluates the built `main.js` afresh, as the app does at each (re)load, with `require('obsidian')`
 * answered by `fake` and `require('electron')` by the fake `shell` of ./fake/electron (the same
 * module objects every time, as the app's are).
 */
export function loadBuiltPlugin(fake: typeof FakeObsidian): PluginConstructor {
  let exported: { default: PluginConstructor } | undefined;
  jest.isolateModules(() => {
    jest.doMock('obsidian', () => fake, { virtual: true });
    jest.doMock('electron', () => fakeElectron, { virtual: true });
    exported = jest.requireActual<{ default: PluginConstructor }>(MAIN_JS);
  });
  if (exported === undefined) throw new Error('main.js exported nothing');
  return exported.default;
}

/** A fake app over a temp vault with the plugin installed, a free port in its settings, and a read+write token. */
export interface PluginVault extends FakeVault {
  pluginFolder: string;
  stateDir: string;
  port: number;
  /** A read+write token made through the shared token file, as `indx token create` does. */
  token: string;
  /** The discovery folder (`INDX_HOME/instances`), private to this vault. */
  indxHome: string;
}

/** How {@link preparePluginVault} installs the plugin. */
export interface PluginVaultOptions {
  /** The plugin folder's name under `<configDir>/plugins/` (default: the manifest's id). */
  folder?: string;
  /** Make the token in `<vault>/.indx`, where a headless indx (or an older plugin under another folder name) kept its state. */
  legacyState?: boolean;
}

/** Opens the app (layout not ready yet), installs the plugin and prepares its settings and a token. */
export async function preparePluginVault(files: TempFiles, settings: Record<string, unknown> = {}, options: PluginVaultOptions = {}): Promise<PluginVault> {
  const vault = await openFakeVault(files, { layoutReady: false });
  const pluginFolder = await vault.app.install(MANIFEST, options.folder);
  const port = await freePort();
  await fs.writeFile(path.join(pluginFolder, 'data.json'), JSON.stringify({ version: 1, server: { enabled: true, port }, ...settings }));
  const stateDir = options.legacyState === true ? legacyStateDir(vault.root) : locateStateDir(vault.root, vault.app.vault.configDir);
  const tokens = await TokenStore.load(new FileStorage(stateDir));
  const token = (await tokens.create('test-client', ['vault:read', 'vault:write'])).token;
  const indxHome = await fs.mkdtemp(path.join(tmpdir(), 'indx-home-'));
  process.env.INDX_HOME = indxHome;
  return {
    ...vault,
    pluginFolder,
    stateDir,
    port,
    token,
    indxHome,
    async dispose() {
      await vault.dispose();
      await fs.rm(indxHome, { recursive: true, force: true });
    },
  };
}

/** Waits until the plugin's server is listening and has written its discovery record. */
export async function waitForServer(vault: PluginVault): Promise<DiscoveryRecord> {
  let record: DiscoveryRecord | null = null;
  const started = Date.now();
  while (record === null) {
    if (Date.now() - started > 10_000) throw new Error('the plugin did not start its server within 10 s');
    record = await findDiscovery(vault.root, path.join(vault.indxHome, 'instances'));
    if (record === null) await delay(20);
  }
  return record;
}

/** Waits until everything the server held is released: the port, the discovery file, the write lock. */
export async function waitForRelease(vault: PluginVault): Promise<void> {
  await waitForPortFree(vault.port);
  await waitFor(() => discoveryFiles(vault).length === 0, 5000);
  await waitFor(() => !existsSync(path.join(vault.stateDir, 'write.lock')), 5000);
}

/** True once something can listen on `port` on 127.0.0.1 again (it is closed right after). */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Holds `port` on 127.0.0.1 until the returned function is called. */
export async function occupyPort(port: number): Promise<() => Promise<void>> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => holder.close(() => resolve()));
}

/**
 * Holds every port of `first` .. `first + count - 1` on 127.0.0.1 that is free, until the returned
 * function is called; one something else already holds stays taken all the same.
 */
export async function occupyPorts(first: number, count: number): Promise<() => Promise<void>> {
  const releases: (() => Promise<void>)[] = [];
  for (let port = first; port < first + count; port += 1) {
    if (await canListen(port)) releases.push(await occupyPort(port));
  }
  return async () => {
    await Promise.all(releases.map((release) => release()));
  };
}

export async function waitForPortFree(port: number): Promise<void> {
  const started = Date.now();
  while (!(await canListen(port))) {
    if (Date.now() - started > 5000) throw new Error(`port ${port} still in use 5 s after unload`);
    await delay(20);
  }
}

/** The discovery files present for any vault. */
export function discoveryFiles(vault: PluginVault): string[] {
  const folder = path.join(vault.indxHome, 'instances');
  return existsSync(folder) ? readdirSync(folder) : [];
}
