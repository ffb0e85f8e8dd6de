import { chmod, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TokenStore } from '../../../src/core/auth/token-store';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { serveVault } from './server-harness';

/** The permission bits of a path. */
async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

// Platform limit: Windows has no POSIX permission bits.
const posix = process.platform === 'win32' ? describe.skip : describe;

posix('state files are private to their owner (POSIX modes)', () => {
  it('creates tokens.json, token-usage.json, audit.log, config.json and index files 0600 in 0700 folders', async () => {
    const served = await serveVault();
    try {
      const state = join(served.vault.root, '.indx');
      await served.tokens.verify(served.read);
      await served.tokens.flush();
      await served.fetch('/v1/notes/Lonely.md', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ops: [{ op: 'append_body', markdown: 'x' }] }) });
      await served.vault.engine.audit.flush();
      const configured = await served.fetch('/v1/vault/config', { method: 'PUT', token: served.admin, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ config: { server: { port: 27700 } } }) });
      expect(configured.status).toBe(200);
      const storage = new FileStorage(state);
      await storage.write('search/shards/shard-1.bin', new Uint8Array([1, 2, 3]));
      for (const name of ['tokens.json', 'token-usage.json', 'audit.log', 'config.json', 'search/shards/shard-1.bin']) expect([name, await modeOf(join(state, name))]).toEqual([name, 0o600]);
      for (const folder of ['.', 'search', 'search/shards']) expect([folder, await modeOf(join(state, folder))]).toEqual([folder, 0o700]);
    } finally {
      await served.dispose();
    }
  });

  it('tightens a file written before with a looser mode when it is replaced', async () => {
    const served = await serveVault();
    try {
      const tokens = join(served.vault.root, '.indx', 'tokens.json');
      await writeFile(tokens, '{"version":1,"tokens":[]}\n', { mode: 0o644 });
      await chmod(tokens, 0o644);
      await (await TokenStore.load(new FileStorage(join(served.vault.root, '.indx')))).create('fresh', 'vault:read');
      expect(await modeOf(tokens)).toBe(0o600);
    } finally {
      await served.dispose();
    }
  });
});
