import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_CONFIG_DIR } from '../../../src/hosts/node/vault-paths';

/** A small vault: notes with links, an attachment, and hidden folders the vault must not show. */
export const SMALL_VAULT: Record<string, string> = {
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

/** Creates a temporary folder holding `files` (vault path → content); returns its real path. */
export async function makeTempVault(files: Record<string, string | Uint8Array> = SMALL_VAULT): Promise<string> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'indx-node-host-')));
  const vault = path.join(root, 'vault');
  await fs.mkdir(vault);
  for (const [vaultPath, content] of Object.entries(files)) {
    const absolutePath = path.join(vault, ...vaultPath.split('/'));
    await fs.mkdir(path.dirname(absolutePath), { recursive: true });
    await fs.writeFile(absolutePath, content);
  }
  return vault;
}

/** Removes a folder made by {@link makeTempVault} (its parent, which also holds "outside" files). */
export async function removeTempVault(vault: string): Promise<void> {
  await fs.rm(path.dirname(vault), { recursive: true, force: true });
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
  return entries.map((entry) => entry.split(path.sep).join('/'));
}
