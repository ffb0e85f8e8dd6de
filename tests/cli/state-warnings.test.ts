import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { writeTempFolder } from '../helpers/temp-vault';
import { runCli } from './run-cli';
import { startServeProcess, stopProcess } from './serve-process';

interface Warning {
  code: string;
  message: string;
}

/**
 * Issue 14, item 9: a deleted config.json silently re-exposed excluded notes and a deleted
 * tokens.json started with no tokens. Now the start says so on stderr, and vault_status lists
 * it until a new file is written.
 */
describe('indx serve after config.json or tokens.json was deleted', () => {
  let vault = '';

  beforeAll(async () => {
    vault = join(await writeTempFolder({ 'vault/Open.md': '# Open\n', 'vault/Private/Secret.md': '# Secret\n' }), 'vault');
  });

  afterAll(async () => {
    await rm(join(vault, '..'), { recursive: true, force: true });
  });

  async function status(url: string, token: string): Promise<{ warnings: Warning[] }> {
    const response = await fetch(`${url}/v1/vault/status`, { headers: { Authorization: `Bearer ${token}` } });
    const data = ((await response.json()) as { data: { warnings: Warning[] } }).data;
    return { warnings: data.warnings };
  }

  it('says nothing while the files are there, then warns at start and in vault_status once they are gone', async () => {
    expect((await runCli(['vault', 'config', 'set', '--vault', vault, '--config', '{"access":{"exclude_globs":["Private/**"]}}'])).code).toBe(0);
    expect((await runCli(['token', 'create', '--vault', vault, '--name', 'first', '--scopes', 'vault:read'])).code).toBe(0);
    const quiet = await startServeProcess(vault, ['--new-token', 'quiet']);
    const token = /Bearer (\S+?)"/.exec(quiet.printed)?.[1] ?? '';
    expect((await status(quiet.url, token)).warnings).toEqual([]);
    await stopProcess(quiet.child);
    expect(quiet.stderr()).not.toContain('warning');

    const storage = new FileStorage(locateStateDir(vault));
    await storage.remove('config.json');
    await storage.remove('tokens.json');
    const loud = await startServeProcess(vault, ['--new-token', 'loud']);
    try {
      expect(loud.stderr()).toContain('warning: config.json is gone from the state folder');
      expect(loud.stderr()).toContain('notes it excluded are visible to agents again');
      expect(loud.stderr()).toContain('warning: tokens.json is gone from the state folder');
      const fresh = /Bearer (\S+?)"/.exec(loud.printed)?.[1] ?? '';
      // The new token wrote tokens.json again, which ends that warning; config.json is still gone.
      const { warnings } = await status(loud.url, fresh);
      expect(warnings.map((warning) => warning.code)).toEqual(['config_missing']);
      expect(warnings[0]?.message).toContain('vault_config_set');
    } finally {
      await stopProcess(loud.child);
    }
  });
});
