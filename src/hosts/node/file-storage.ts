import { existsSync, promises as fs, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { IndxError } from '../../core/errors';
import type { Storage } from '../../core/vault/storage';
import { isTemporaryFileName, removeLeftover, writeFileAtomic } from './atomic-write';
import { DEFAULT_CONFIG_DIR, toRelativePosixPath } from './vault-paths';

/** The plugin's id (its manifest's `id`), which names its folder under `<configDir>/plugins/` unless the user renamed it. */
export const PLUGIN_ID = 'indx';

/**
 * Where the engine keeps its state for the vault at `vaultRoot`: the installed plugin's
 * `state/` folder when the plugin is installed (see {@link findPluginFolder}), so the app and the
 * headless server share one index and one lock, else `<vault>/.indx/` (hidden from the vault
 * either way).
 */
export function locateStateDir(vaultRoot: string, configDir?: string): string {
  const pluginFolder = findPluginFolder(vaultRoot, configDir);
  return pluginFolder !== null ? path.join(pluginFolder, 'state') : legacyStateDir(vaultRoot);
}

/** The state folder used when no plugin folder is found (and, before 0.2, by a plugin installed under another folder name). */
export function legacyStateDir(vaultRoot: string): string {
  return path.join(vaultRoot, '.indx');
}

/**
 * The folder the indx plugin is installed in: `<configDir>/plugins/indx`, or another folder of
 * `<configDir>/plugins/` whose `manifest.json` has the id `indx` (a renamed folder, a beta
 * installed by a plugin manager). Without `configDir`, `.obsidian` is looked at first, then the
 * vault's other hidden top-level folders (Obsidian lets each device name its configuration
 * folder). Null when the plugin is not installed.
 */
export function findPluginFolder(vaultRoot: string, configDir?: string): string | null {
  const found = findInConfigDir(vaultRoot, configDir ?? DEFAULT_CONFIG_DIR);
  if (found !== null || configDir !== undefined) return found;
  for (const other of otherConfigDirs(vaultRoot)) {
    const elsewhere = findInConfigDir(vaultRoot, other);
    if (elsewhere !== null) return elsewhere;
  }
  return null;
}

function findInConfigDir(vaultRoot: string, configDir: string): string | null {
  const plugins = path.join(vaultRoot, configDir, 'plugins');
  if (isFolder(path.join(plugins, PLUGIN_ID))) return path.join(plugins, PLUGIN_ID);
  const renamed = listFolders(plugins)
    .sort()
    .find((name) => manifestIdOf(path.join(plugins, name)) === PLUGIN_ID);
  return renamed === undefined ? null : path.join(plugins, renamed);
}

/** Hidden top-level folders that may be a device's configuration folder, in name order. */
function otherConfigDirs(vaultRoot: string): string[] {
  const notConfig = new Set([DEFAULT_CONFIG_DIR, '.trash', '.indx', '.git']);
  return listFolders(vaultRoot)
    .filter((name) => name.startsWith('.') && !notConfig.has(name))
    .sort();
}

function listFolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function manifestIdOf(folder: string): unknown {
  try {
    return (JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
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

/** True when `absolutePath` is an existing folder. */
export function isFolder(absolutePath: string): boolean {
  return existsSync(absolutePath) && statSync(absolutePath).isDirectory();
}
