import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor, writeTempFolder } from '../helpers/temp-vault';
import { runCli } from './run-cli';
import { startServeProcess, stopProcess } from './serve-process';

// A vault synced between devices can hold one configuration folder per device (Obsidian:
// Settings → Files and links → Override config folder), each with indx installed. Found by the
// plugin's manifest, `.obsidian` wins; `--config-dir` / INDX_CONFIG_DIR names the one the plugin
// that should share state with this command runs from.

const MANIFEST = JSON.stringify({ id: 'indx', name: 'indx', version: '0.1.0', minAppVersion: '1.5.0', description: 'x', author: 'x' });

describe('indx --config-dir: the state folder of the plugin in a named configuration folder', () => {
  let folder: string;
  let vault: string;
  const desktopState = (): string => join(vault, '.obsidian', 'plugins', 'indx', 'state');
  const laptopState = (): string => join(vault, '.obsidian-laptop', 'plugins', 'indx-beta', 'state');

  beforeEach(async () => {
    folder = await writeTempFolder({
      'vault/Note.md': '# Note\n',
      'vault/.obsidian/plugins/indx/manifest.json': MANIFEST,
      'vault/.obsidian-laptop/plugins/indx-beta/manifest.json': MANIFEST,
    });
    vault = join(folder, 'vault');
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const tokenNames = async (args: string[], environment?: NodeJS.ProcessEnv): Promise<string[]> => {
    const listed = await runCli(['token', 'list', '--vault', vault, '--json', ...args], environment);
    expect(listed.code).toBe(0);
    return (JSON.parse(listed.stdout) as { name: string }[]).map((token) => token.name);
  };

  it('uses the named folder, before or after the command, or from INDX_CONFIG_DIR; without it, .obsidian', async () => {
    expect((await runCli(['--config-dir', '.obsidian-laptop', 'token', 'create', '--vault', vault, '--name', 'laptop', '--scopes', 'vault:read'])).code).toBe(0);
    expect(existsSync(join(laptopState(), 'tokens.json'))).toBe(true);
    expect(existsSync(desktopState())).toBe(false);
    expect((await runCli(['token', 'create', '--vault', vault, '--name', 'desktop', '--scopes', 'vault:read'])).code).toBe(0);
    expect(await tokenNames([])).toEqual(['desktop']);
    expect(await tokenNames(['--config-dir', '.obsidian-laptop'])).toEqual(['laptop']);
    expect(await tokenNames([], { ...process.env, INDX_CONFIG_DIR: '.obsidian-laptop' })).toEqual(['laptop']);
  });

  it('serves from that folder and holds its lock there', async () => {
    const served = await startServeProcess(vault, ['--config-dir', '.obsidian-laptop']);
    try {
      expect(existsSync(join(laptopState(), 'write.lock'))).toBe(true);
      expect(existsSync(join(desktopState(), 'write.lock'))).toBe(false);
    } finally {
      await stopProcess(served.child);
    }
    await waitFor(() => !existsSync(join(laptopState(), 'write.lock')), 5000);
  });

  it('refuses a name that is not a top-level hidden folder, with invalid_input and exit code 2', async () => {
    for (const name of ['../elsewhere', 'obsidian', '.obsidian/plugins', '..']) {
      const result = await runCli(['token', 'list', '--vault', vault, '--config-dir', name]);
      expect([name, result.code]).toEqual([name, 2]);
      expect(result.stderr).toContain('is not a configuration folder name');
    }
    const fromEnvironment = await runCli(['token', 'list', '--vault', vault], { ...process.env, INDX_CONFIG_DIR: '../x' });
    expect(fromEnvironment.code).toBe(2);
  });
});
