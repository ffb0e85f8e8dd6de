import * as path from 'node:path';

/**
 * Obsidian's default configuration folder. Headless there is no `Vault#configDir` to ask, so
 * this default applies unless the caller knows the vault's own setting.
 */
export const DEFAULT_CONFIG_DIR = '.obsidian';

/** True when a segment of `vaultPath` starts with a dot: Obsidian's Vault API hides those. */
export function isHiddenPath(vaultPath: string): boolean {
  return vaultPath.split('/').some((segment) => segment.startsWith('.'));
}

/** The vault-relative POSIX path of `absolutePath` under `root` ('' for the root itself). */
export function toVaultPath(root: string, absolutePath: string): string {
  return path.relative(root, absolutePath).split(path.sep).join('/');
}

/** The absolute file-system path of a vault-relative POSIX path. */
export function toAbsolutePath(root: string, vaultPath: string): string {
  return vaultPath === '' ? root : path.join(root, ...vaultPath.split('/'));
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

/** True for markdown notes, the files Obsidian parses into its metadata cache. */
export function isMarkdownPath(vaultPath: string): boolean {
  return vaultPath.endsWith('.md');
}
