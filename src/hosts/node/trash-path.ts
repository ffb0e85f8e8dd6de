import { promises as fs } from 'node:fs';
import { toAbsolutePath } from './vault-paths';

/** The vault's local trash folder, as Obsidian's "Move to Obsidian trash" uses. */
export const TRASH_FOLDER = '.trash';

/**
 * A free place for `vaultPath` inside `.trash/`, keeping its folders: `.trash/<path>`, or, when
 * that is taken, `name 1.ext`, `name 2.ext`… as Obsidian numbers duplicate names.
 */
export async function findTrashPath(realRoot: string, vaultPath: string, isFolder: boolean): Promise<string> {
  const wanted = `${TRASH_FOLDER}/${vaultPath}`;
  const { stem, extension } = splitExtension(wanted, isFolder);
  for (let attempt = 0; ; attempt++) {
    const candidate = attempt === 0 ? wanted : `${stem} ${attempt}${extension}`;
    if (!(await isTaken(toAbsolutePath(realRoot, candidate)))) return candidate;
  }
}

function splitExtension(vaultPath: string, isFolder: boolean): { stem: string; extension: string } {
  const slash = vaultPath.lastIndexOf('/');
  const dot = vaultPath.lastIndexOf('.');
  if (isFolder || dot <= slash + 1) return { stem: vaultPath, extension: '' };
  return { stem: vaultPath.slice(0, dot), extension: vaultPath.slice(dot) };
}

async function isTaken(absolutePath: string): Promise<boolean> {
  return fs.lstat(absolutePath).then(
    () => true,
    () => false,
  );
}
