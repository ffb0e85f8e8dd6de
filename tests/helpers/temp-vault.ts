import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { AiRuntimeOptions } from '../../src/core/ai/runtime/ai-runtime';
import { Engine, type EngineOptions } from '../../src/core/engine';
import { FileStorage, locateStateDir } from '../../src/hosts/node/file-storage';
import { NodeVaultHost } from '../../src/hosts/node/node-vault-host';
import { DEFAULT_CONFIG_DIR } from '../../src/hosts/node/vault-paths';

/** A vault in a temp folder with an engine over it. */
export interface TempVault {
  root: string;
  host: NodeVaultHost;
  engine: Engine;
  dispose(): Promise<void>;
}

/** File contents by relative POSIX path: text, or raw bytes (for encodings other than UTF-8). */
export type TempFiles = Record<string, string | Uint8Array>;

/** Writes `files` (path → content) into a new temp folder; returns its real path. */
export async function writeTempFolder(files: TempFiles): Promise<string> {
  const root = await fs.realpath(await fs.mkdtemp(join(tmpdir(), 'indx-vault-')));
  await writeFiles(root, files);
  return root;
}

/** Copies a read-only folder (a corpus) into a new temp folder. */
export async function copyToTemp(source: string): Promise<string> {
  const root = await fs.mkdtemp(join(tmpdir(), 'indx-copy-'));
  await fs.cp(source, root, { recursive: true });
  return root;
}

/** How a temp vault's engine is made: watching the folder, a clock, the AI runtime, search options. */
export interface TempVaultOptions {
  watch?: boolean;
  clock?: () => number;
  ai?: AiRuntimeOptions;
  search?: EngineOptions['search'];
}

/** Opens an engine over an existing folder; `dispose` closes it and removes the folder. */
export async function openTempVault(root: string, options: TempVaultOptions = {}): Promise<TempVault> {
  const host = await NodeVaultHost.open(root, { watch: options.watch ?? false });
  const engine = await Engine.create({ host, storage: new FileStorage(locateStateDir(root)), clock: options.clock ?? (() => Date.UTC(2026, 10, 21)), ...(options.ai === undefined ? {} : { ai: options.ai }), ...(options.search === undefined ? {} : { search: options.search }) });
  return {
    root,
    host,
    engine,
    async dispose() {
      // The engine first: a search index still saving its shards would race the removal (ENOTEMPTY).
      await engine.close();
      await host.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** A temp vault made of `files`, opened. */
export async function createTempVault(files: TempFiles, options: TempVaultOptions = {}): Promise<TempVault> {
  return openTempVault(await writeTempFolder(files), options);
}

/** A small vault: notes with links, an attachment, and hidden folders the vault must not show. */
export const SMALL_VAULT: TempFiles = {
  'Home.md': '---\ntags: [start]\n---\n# Home\nSee [[Notes/Alpha]] and [[alpha]] and [[Missing]] and ![[image.png]]. Jump to [[#Home]].\n',
  'Notes/Alpha.md': '# Alpha\nBack to [[Home]]. Ahead to [[Beta]] and [[Beta|b]].\n',
  'Notes/Sub/Deep.md': 'no links here\n',
  'image.png': 'not really a png',
  'Empty folder/.keep': '',
  [`${DEFAULT_CONFIG_DIR}/app.json`]: '{}',
  '.trash/old.md': '[[Home]]',
  '.git/HEAD': 'ref: refs/heads/main',
  'Notes/.hidden.md': '[[Home]]',
};

/**
 * Creates `<temp>/vault` holding `files` and returns its real path. Its parent is a temp folder
 * of its own, so a test can put "outside" files beside the vault; {@link removeTempVault} removes both.
 */
export async function makeTempVault(files: TempFiles = SMALL_VAULT): Promise<string> {
  const vault = join(await writeTempFolder({}), 'vault');
  await fs.mkdir(vault);
  await writeFiles(vault, files);
  return vault;
}

/** Removes a folder made by {@link makeTempVault} (its parent, which also holds "outside" files). */
export async function removeTempVault(vault: string): Promise<void> {
  await fs.rm(dirname(vault), { recursive: true, force: true });
}

/** Polls `check` until it returns true or `timeoutMs` passes; resolves with the elapsed time. */
export async function waitFor(check: () => boolean, timeoutMs = 3000): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(10);
  }
  return Date.now() - started;
}

/** Every file name below `folder`, recursively, hidden ones included. */
export async function listAllNames(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true });
  return entries.map((entry) => entry.split(sep).join('/'));
}

async function writeFiles(root: string, files: TempFiles): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const absolutePath = join(root, ...path.split('/'));
    await fs.mkdir(dirname(absolutePath), { recursive: true });
    await fs.writeFile(absolutePath, content);
  }
}
