import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Engine } from '../../src/core/engine';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';

/** Root of the shared, read-only material (`../shared` from the project root). */
export const SHARED = resolve(__dirname, '../../../shared');

/** A vault in a temp folder with an engine over it. */
export interface TempVault {
  root: string;
  host: NodeVaultHost;
  engine: Engine;
  dispose(): Promise<void>;
}

/** Writes `files` (path → text) into a new temp folder. */
export async function writeTempFolder(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'indx-vault-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/** Copies a read-only folder (a corpus) into a new temp folder. */
export async function copyToTemp(source: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'indx-copy-'));
  await cp(source, root, { recursive: true });
  return root;
}

/** Opens an engine over an existing folder; `dispose` closes it and removes the folder. */
export async function openTempVault(root: string, options: { watch?: boolean; clock?: () => number } = {}): Promise<TempVault> {
  const host = await NodeVaultHost.open(root, { watch: options.watch ?? false });
  const engine = await Engine.create({ host, storage: new FileStorage(locateStateDir(root)), clock: options.clock ?? (() => Date.UTC(2026, 10, 21)) });
  return {
    root,
    host,
    engine,
    async dispose() {
      await engine.audit.flush();
      await host.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A temp vault made of `files`, opened. */
export async function createTempVault(files: Record<string, string>, options: { watch?: boolean } = {}): Promise<TempVault> {
  return openTempVault(await writeTempFolder(files), options);
}
