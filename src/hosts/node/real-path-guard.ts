import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import { toAbsolutePath } from './vault-paths';

/**
 * Maps a vault path to its absolute path after checking, at the file-system edge, that no
 * symlink takes it outside the vault: the nearest existing ancestor (or the file itself) must
 * resolve to a real path inside `realRoot`. The core has already rejected `..` and absolute
 * paths lexically; this catches what only the disk knows.
 */
export async function resolveInsideVault(realRoot: string, vaultPath: string): Promise<string> {
  const absolutePath = toAbsolutePath(realRoot, vaultPath);
  const realPath = await realPathOfNearestExisting(absolutePath);
  if (!isInside(realRoot, realPath)) {
    // Security: a symlink inside the vault must not let an agent read or write other folders.
    throw new IndxError('path_forbidden', `"${vaultPath}" leads outside the vault through a symbolic link.`, {
      path: vaultPath,
    });
  }
  return absolutePath;
}

/** True when `candidate` is `root` or lies below it (both absolute, real paths). */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  if (relative === '') return true;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

async function realPathOfNearestExisting(absolutePath: string): Promise<string> {
  try {
    return await fs.realpath(absolutePath);
  } catch (error: unknown) {
    if (!isMissing(error)) throw error;
  }
  // A dangling symlink is judged by where it points, so it cannot be used to create files outside.
  const linkTarget = await readLinkTarget(absolutePath);
  if (linkTarget !== null) return realPathOfNearestExisting(linkTarget);
  const parent = path.dirname(absolutePath);
  if (parent === absolutePath) return absolutePath;
  return path.join(await realPathOfNearestExisting(parent), path.basename(absolutePath));
}

async function readLinkTarget(absolutePath: string): Promise<string | null> {
  try {
    return path.resolve(path.dirname(absolutePath), await fs.readlink(absolutePath));
  } catch {
    return null;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
