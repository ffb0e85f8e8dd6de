import { existsSync, promises as fs, statSync } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import type { Storage } from '../../core/vault/storage';
import { isTemporaryFileName, removeLeftover, writeFileAtomic } from './atomic-write';
import { DEFAULT_CONFIG_DIR, toRelativePosixPath } from './vault-paths';

/** The plugin's id, which names its folder under `<configDir>/plugins/`. */
const PLUGIN_ID = 'indx';

/**
 * Where the engine keeps its state for the vault at `vaultRoot`: the installed plugin's
 * `<configDir>/plugins/indx/state/` when the plugin folder exists, so the app and the headless
 * server share one index, else `<vault>/.indx/` (hidden from the vault either way).
 */
export function locateStateDir(vaultRoot: string, configDir = DEFAULT_CONFIG_DIR): string {
  const pluginFolder = path.join(vaultRoot, configDir, 'plugins', PLUGIN_ID);
  return isFolder(pluginFolder) ? path.join(pluginFolder, 'state') : path.join(vaultRoot, '.indx');
}

/**
 * A sentence that says what to do when a state file cannot be used because of how it is on disk:
 * a folder where the file should be (EISDIR), a file where a folder should be (ENOTDIR, EEXIST),
 * no permission (EACCES, EPERM). `conflict`; other errors are thrown as they are.
 */
function unusableStateFile(file: string, action: 'read' | 'write', error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  const advice: Record<string, string> = {
    EISDIR: `is a folder, not a file. Move it away (indx creates the file again${action === 'read' ? ', empty' : ''}) and retry.`,
    ENOTDIR: 'lies under something that is a file, not a folder. Move that file away and retry.',
    EEXIST: 'lies under something that is a file, not a folder. Move that file away and retry.',
    EACCES: 'may not be used by this user. Give your user read and write access to it (chmod 600, its folder 700) and retry.',
    EPERM: 'may not be used by this user. Give your user read and write access to it (chmod 600, its folder 700) and retry.',
  };
  const what = code === undefined ? undefined : advice[code];
  if (what === undefined) return error;
  return new IndxError('conflict', `indx cannot ${action} its state file "${file}" (${code}): it ${what}`, { file, errno: code }, { cause: error });
}

/** Permission bits of state files: tokens, audit log, configuration and index are the owner's only. */
const FILE_MODE = 0o600;

/** Permission bits of state folders created by the storage. */
const FOLDER_MODE = 0o700;

/**
 * The Node `Storage`: entries are files under one folder, named by relative POSIX paths that
 * must stay inside it. Writes are atomic; the folder is created on the first write. On POSIX,
 * files are created with mode 0600 and folders with 0700 (Windows ignores these modes).
 */
// Security: the state holds token hashes, the audit trail and the search index (note text);
// other local users must not read them.
export class FileStorage implements Storage {
  constructor(readonly location: string) {}

  async read(name: string): Promise<Uint8Array | null> {
    const absolutePath = this.pathOf(name);
    try {
      return new Uint8Array(await fs.readFile(absolutePath));
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw unusableStateFile(absolutePath, 'read', error);
    }
  }

  async write(name: string, data: Uint8Array | string): Promise<void> {
    const absolutePath = this.pathOf(name);
    try {
      await fs.mkdir(path.dirname(absolutePath), { recursive: true, mode: FOLDER_MODE });
      await writeFileAtomic(absolutePath, data, { mode: FILE_MODE });
    } catch (error: unknown) {
      throw unusableStateFile(absolutePath, 'write', error);
    }
  }

  async appendLine(name: string, line: string): Promise<void> {
    if (line.includes('\n')) {
      throw new IndxError('invalid_input', 'A log line cannot contain a line break. Escape it or split the entry.', {
        name,
      });
    }
    const absolutePath = this.pathOf(name);
    await fs.mkdir(path.dirname(absolutePath), { recursive: true, mode: FOLDER_MODE });
    // One append(2) with O_APPEND: concurrent lines never interleave on a local disk.
    await fs.appendFile(absolutePath, `${line}\n`, { mode: FILE_MODE });
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const folderName = prefix.replace(/\/+$/, '');
    const folder = folderName === '' ? this.location : this.pathOf(folderName);
    const names = await listFilesBelow(folder, (name) => !isTemporaryFileName(name)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw error;
    });
    return names.map((name) => toRelativePosixPath(this.location, name)).sort();
  }

  /** Removes temporary files of atomic writes older than 10 minutes anywhere in the state folder (see `removeLeftover`). */
  async sweep(): Promise<number> {
    const found = await listFilesBelow(this.location, isTemporaryFileName).catch(() => []);
    return found.filter((absolutePath) => removeLeftover(absolutePath)).length;
  }

  private pathOf(name: string): string {
    assertEntryName(name);
    return path.join(this.location, ...name.split('/'));
  }
}

/** The files below `folder` (recursively) whose names `keep` accepts. */
async function listFilesBelow(folder: string, keep: (name: string) => boolean): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const absolutePath = path.join(folder, entry.name);
      if (entry.isDirectory()) return listFilesBelow(absolutePath, keep);
      return entry.isFile() && keep(entry.name) ? [absolutePath] : [];
    }),
  );
  return nested.flat();
}

// Security: names come from the engine, but a name must never reach outside the state folder.
function assertEntryName(name: string): void {
  const segments = name.split('/');
  const valid =
    name !== '' &&
    !name.includes('\\') &&
    !name.includes('\0') &&
    !/^[a-zA-Z]:/.test(name) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!valid) {
    throw new IndxError('invalid_path', `"${name}" is not a valid storage name. Use a relative path like "index/shard-1.bin".`, {
      name,
    });
  }
}

function isFolder(absolutePath: string): boolean {
  return existsSync(absolutePath) && statSync(absolutePath).isDirectory();
}
