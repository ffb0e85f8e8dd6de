import { resolve } from 'node:path';
import { Engine } from '../../../src/core/engine';
import { FileStorage } from '../../../src/hosts/node/file-storage';
import { metadataCacheDir, vaultConfigDir, vaultStateDir } from './vault-state-dir';
import { NodeVaultHost } from '../../../src/hosts/node/node-vault-host';
import { createHeadlessEngine } from './create-headless-engine';

/** An engine over a vault folder, and how to close it. */
export interface OpenVault {
  engine: Engine;
  host: NodeVaultHost;
  close(): Promise<void>;
}

/**
 * Opens a vault folder headlessly (no watcher: one-shot commands read it once). `holdsLock`: the
 * caller holds the vault's write lock, so operations a crash interrupted are finished first and
 * missing state files reported.
 */
export async function openVault(directory: string, holdsLock = false): Promise<OpenVault> {
  const root = resolve(directory);
  const stateDir = vaultStateDir(root);
  const host = await NodeVaultHost.open(root, { watch: false, metadataCacheDir: metadataCacheDir(stateDir), configDir: vaultConfigDir(root) });
  // The index starts lazily (only `indx search` builds it) and a one-shot search waits for it.
  const engine = await createHeadlessEngine(host, new FileStorage(stateDir), { search: { waitForIndex: true }, holdsLock });
  return {
    engine,
    host,
    async close() {
      await engine.close();
      await host.close();
    },
  };
}
