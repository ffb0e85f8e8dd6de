import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { inspectEntry } from './inspect-entry';
import { symlinkForbidden } from './vault-errors';
import { toAbsolutePath } from './vault-paths';

/** The vault's local trash folder, as Obsidian's "Move to Obsidian trash" uses. */
export const TRASH_FOLDER = '.trash';

/**
 * Makes room in `.trash/` for the entry at `diskPath` and returns the absolute path to move it
 * to: `.trash/<path>` keeping its folders, or, when that is taken, `name 1.ext`, `name 2.ext`…
 * as Obsidian numbers duplicate names. Refuses (`path_forbidden`, naming `vaultPath`) when a
 * symbolic link stands on the way, which would carry the entry out of the vault.
 */
export async function prepareTrashPath(realRoot: string, diskPath: string, isFolder: boolean, vaultPath: string): Promise<string> {
  const trashPath = await findTrashPath(realRoot, diskPath, isFolder);
  const folder = await inspectEntry(realRoot, path.posix.dirname(trashPath));
  if (folder.kind === 'link') throw symlinkForbidden(vaultPath, folder.link);
  const absolutePath = toAbsolutePath(realRoot, trashPath);
  await fs.mkdir(path.dirname(absolutePath), { recursive: true });
  return absolutePath;
}

async function findTrashPath(realRoot: string, diskPath: string, isFolder: boolean): Promise<string> {
  const wanted = `${TRASH_FOLDER}/${diskPath}`;
  const { stem, extension } = splitExtension(wanted, isFolder);
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? wanted : `${stem} ${attempt}${extension}`;
    if (!(await isTaken(toAbsolutePath(realRoot, candidate)))) return candidate;
  }
}

function splitExtension(diskPath: string, isFolder: boolean): { stem: string; extension: string } {
  const slash = diskPath.lastIndexOf('/');
  const dot = diskPath.lastIndexOf('.');
  if (isFolder || dot <= slash + 1) return { stem: diskPath, extension: '' };
  return { stem: diskPath.slice(0, dot), extension: diskPath.slice(dot) };
}

async function isTaken(absolutePath: string): Promise<boolean> {
  return fs.lstat(absolutePath).then(
    () => true,
    () => false,
  );
}
