import * as path from 'node:path';

/**
 * Obsidian's default configuration folder. Headless there is no `Vault#configDir` to ask, so
 * this default applies unless the caller knows the vault's own setting.
 */
export const DEFAULT_CONFIG_DIR = '.obsidian';

/**
 * True when a segment of a path on disk starts with a dot: Obsidian's Vault API hides those.
 * This is the core's hidden-name rule (`toVaultPath` in `core/vault/paths.ts`, whose protected
 * folders all start with a dot) as a test: the scan and the watcher filter raw disk names, where
 * a validator that throws and normalises is the wrong tool. Paths coming in through the API are
 * checked by the core function itself (`toHostPath`).
 */
export function isHiddenPath(diskPath: string): boolean {
  return diskPath.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * The vault path a path on disk is known by: Unicode NFC, with no-break spaces as spaces, the
 * form the core's `toVaultPath` gives every caller's path. macOS writes names in NFD and some
 * programs write U+00A0; both must reach the same key as the path an agent types.
 */
export function normalizeDiskPath(diskPath: string): string {
  return diskPath.normalize('NFC').replace(/\u00a0/g, ' ');
}

/** The relative POSIX path of `absolutePath` under `root` ('' for the root itself). */
export function toRelativePosixPath(root: string, absolutePath: string): string {
  return path.relative(root, absolutePath).split(path.sep).join('/');
}

/** The absolute file-system path of a relative POSIX path below `root`. */
export function toAbsolutePath(root: string, relativePath: string): string {
  return relativePath === '' ? root : path.join(root, ...relativePath.split('/'));
}

/** `name` inside `folder` ('' is the root). */
export function joinVaultPath(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** The last segment of a path. */
export function nameOf(vaultPath: string): string {
  return vaultPath.slice(vaultPath.lastIndexOf('/') + 1);
}

/** The folders that contain `vaultPath`, outermost first, root excluded. */
export function ancestorFolders(vaultPath: string): string[] {
  const segments = vaultPath.split('/');
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** True when `candidate` is `folder` itself or lies below it. */
export function isSameOrBelow(candidate: string, folder: string): boolean {
  return candidate === folder || candidate.startsWith(`${folder}/`);
}

/** `candidate` moved from below `from` to below `to`. */
export function rebase(candidate: string, from: string, to: string): string {
  return to + candidate.slice(from.length);
}

/**
 * True for markdown notes, the files Obsidian parses into its metadata cache. Exactly `.md`, as
 * in Obsidian: `Note.MD` is an attachment (no metadata, no links counted from it).
 */
export function isMarkdownPath(vaultPath: string): boolean {
  return vaultPath.endsWith('.md');
}
