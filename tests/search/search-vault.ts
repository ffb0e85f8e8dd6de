import { promises as fs } from 'node:fs';
import { Engine, type EngineSearchOptions } from '../../src/core/engine';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { writeTempFolder, type TempFiles } from '../helpers/temp-vault';

/** A vault in a temp folder with an engine whose search index is on. */
export interface SearchVault {
  root: string;
  host: NodeVaultHost;
  engine: Engine;
  storage: FileStorage;
  /** Runs vault_search and returns its output. */
  search(input: Record<string, unknown>): Promise<SearchOutput>;
  /** Closes the engine and host; keeps the folder (for reopening). */
  close(): Promise<void>;
  /** Closes and removes the folder. */
  dispose(): Promise<void>;
}

/** vault_search's output, as the tests read it. */
export interface SearchOutput {
  query: string;
  results: { path: string; title: string; score: number; snippet: string; heading: string | null; line: number; tags: string[]; matched_in: string[] }[];
  next_cursor: string | null;
  mode_used: string;
  warnings?: { code: string; message: string }[];
  index?: { state: string; indexed: number; total: number };
}

/** Opens an engine with search over an existing folder. */
export async function openSearchVault(root: string, options: { watch?: boolean; search?: EngineSearchOptions } = {}): Promise<SearchVault> {
  const host = await NodeVaultHost.open(root, { watch: options.watch ?? false });
  const storage = new FileStorage(locateStateDir(root));
  const engine = await Engine.create({ host, storage, clock: () => Date.UTC(2026, 10, 21), search: { saveDelayMs: 60_000, ...options.search } });
  const close = async (): Promise<void> => {
    await engine.close();
    await host.close();
  };
  return {
    root,
    host,
    engine,
    storage,
    search: async (input) => (await engine.call('vault_search', input)).output as SearchOutput,
    close,
    async dispose() {
      await close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** Writes `files` into a temp folder, opens it and waits until the index is built. */
export async function createSearchVault(files: TempFiles, options: { watch?: boolean; search?: EngineSearchOptions } = {}): Promise<SearchVault> {
  const vault = await openSearchVault(await writeTempFolder(files), options);
  await vault.engine.search?.whenReady();
  return vault;
}

/** Paths of a search output's results, in order. */
export function pathsOf(output: SearchOutput): string[] {
  return output.results.map((result) => result.path);
}
