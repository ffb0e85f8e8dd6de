import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import { decodeUtf8 } from './utf8-text';
import { notUtf8 } from './vault-errors';

/** The real path of the vault folder at `root`; `not_found` or `invalid_path` when it is none. */
export async function toRealVaultFolder(root: string): Promise<string> {
  const realRoot = await fs.realpath(root).catch((error: unknown) => {
    throw new IndxError('not_found', `The vault folder "${root}" does not exist. Pass an existing folder.`, { root }, {
      cause: error,
    });
  });
  if (!(await fs.stat(realRoot)).isDirectory()) {
    throw new IndxError('invalid_path', `"${root}" is a file, not a vault folder. Pass the vault's folder.`, { root });
  }
  return realRoot;
}

/**
 * A file's text, decoded so that writing it back gives the same bytes: `not_found` when there is
 * no file at that path, `not_utf8` when its bytes are not UTF-8 (indx never rewrites those).
 */
export async function readText(absolutePath: string, vaultPath: string): Promise<string> {
  return decodeOrThrow(await readBytes(absolutePath, vaultPath), vaultPath);
}

/** The text of a file's bytes; `not_utf8` when they are not UTF-8. */
export function decodeOrThrow(bytes: Uint8Array, vaultPath: string): string {
  const text = decodeUtf8(bytes);
  if (text === null) throw notUtf8(vaultPath);
  return text;
}

/** The metadata-worthy text of a file's bytes: null when they are not UTF-8. */
export async function readTextOrNull(absolutePath: string): Promise<string | null> {
  return decodeUtf8(await fs.readFile(absolutePath));
}

/** A file's bytes: `not_found` when there is no file at that path. */
export async function readBytes(absolutePath: string, vaultPath: string): Promise<Uint8Array> {
  try {
    return await fs.readFile(absolutePath);
  } catch (error: unknown) {
    if (!isErrorCode(error, 'ENOENT') && !isErrorCode(error, 'EISDIR') && !isErrorCode(error, 'ENOTDIR')) throw error;
    const message = `No file at "${vaultPath}". Check the path with the file list.`;
    throw new IndxError('not_found', message, { path: vaultPath }, { cause: error });
  }
}

/** Creates the folders above `absolutePath`; `already_exists` when a file stands in the way. */
export async function makeParentFolders(absolutePath: string, vaultPath: string): Promise<void> {
  try {
    await fs.mkdir(path.dirname(absolutePath), { recursive: true });
  } catch (error: unknown) {
    if (!isErrorCode(error, 'EEXIST') && !isErrorCode(error, 'ENOTDIR')) throw error;
    const message = `A file stands where a folder of "${vaultPath}" should be. Choose another path.`;
    throw new IndxError('already_exists', message, { path: vaultPath }, { cause: error });
  }
}

/** True when `error` is a file-system error with this code. */
export function isErrorCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}
