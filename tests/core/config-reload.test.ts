import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Engine } from '../../src/core/engine';
import { FileStorage } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { writeTempFolder } from '../helpers/temp-vault';

// A reload of the configuration that reads the file slowly must never be applied after a later
// one: the older file would lift deny globs or path rules that were just added.

/** A file storage whose next read of config.json stalls until the test lets it go. */
class StallingStorage extends FileStorage {
  stallNext = false;
  private release: (() => void) | null = null;

  override async read(name: string): Promise<Uint8Array | null> {
    const bytes = await super.read(name);
    if (this.stallNext && name === 'config.json') {
      this.stallNext = false;
      await new Promise<void>((resolve) => (this.release = resolve));
    }
    return bytes;
  }

  /** Lets the stalled read finish. */
  letGo(): void {
    this.release?.();
  }

  /** Whether a read is stalled now. */
  get stalled(): boolean {
    return this.release !== null;
  }
}

test('reloads apply in the order they were asked for, each reading the file as it is by then', async () => {
  const root = await writeTempFolder({ 'a.md': 'alpha\n', 'Private/c.md': 'secret\n' });
  const host = await NodeVaultHost.open(root, { watch: false });
  const storage = new StallingStorage(join(root, '.indx'));
  await storage.write('config.json', JSON.stringify({ ai: { deny_globs: [] } }));
  const engine = await Engine.create({ host, storage, search: false });
  try {
    // An older reload (say, before a write) reads the file without deny globs and stalls...
    storage.stallNext = true;
    const older = engine.reloadConfig();
    for (let wait = 0; wait < 1000 && !storage.stalled; wait += 1) await delay(5);
    expect(storage.stalled).toBe(true);
    // ...while the settings add a deny glob and a path rule, and reload.
    await storage.write('config.json', JSON.stringify({ ai: { deny_globs: ['Private'] }, access: { excluded_paths: ['Private'] } }));
    const newer = engine.reloadConfig();
    // Give the newer reload every chance to be applied first (it used to be), then let the older go.
    await Promise.race([newer, delay(200)]);
    storage.letGo();
    const [first, second] = await Promise.all([older, newer]);
    expect([first.ai.deny_globs, second.ai.deny_globs]).toEqual([[], ['Private']]);
    expect(engine.ai.settings.deny_globs).toEqual(['Private']);
    expect(engine.host.exists('Private/c.md')).toBe(false);
  } finally {
    await engine.close();
    await host.close();
    await rm(root, { recursive: true, force: true });
  }
});
