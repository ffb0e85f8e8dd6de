import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { assertConfigFileName, MAX_CONFIG_FILE_BYTES } from '../../core/vault/config-file-name';
import { decodeUtf8 } from './utf8-text';
import { isErrorCode } from './vault-disk';

/**
 * The text of `<root>/<configDir>/<name>`, or null when there is no such regular file, it is
 * bigger than a settings file can be, or it is not UTF-8. The app follows symbolic links in its
 * configuration folder (users share one folder between vaults that way), and so does this:
 * what it reads only ever feeds settings (a folder, a date format), never an answer.
 */
export async function readConfigFile(root: string, configDir: string, name: string): Promise<string | null> {
  assertConfigFileName(name);
  const absolutePath = path.join(root, configDir, ...name.split('/'));
  try {
    const stats = await fs.stat(absolutePath);
    if (!stats.isFile() || stats.size > MAX_CONFIG_FILE_BYTES) return null;
    return decodeUtf8(await fs.readFile(absolutePath));
  } catch (error: unknown) {
    if (isErrorCode(error, 'ENOENT') || isErrorCode(error, 'ENOTDIR')) return null;
    throw error;
  }
}
