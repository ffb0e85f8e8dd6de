import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { buildMcpBundle } from '../../server/clients/mcp-bundle';
import { writeFileAtomic } from '../node/atomic-write';

/** What opening a file needs from the desktop (Electron's `shell`). */
export interface DesktopShell {
  openPath(path: string): Promise<string>;
  showItemInFolder(fullPath: string): void;
}

/** Where a bundle went, and whether Claude Desktop (or whatever opens `.mcpb` files) took it. */
export interface SavedBundle {
  file: string;
  /** Empty when the file was opened; else why not (it was shown in the file manager instead). */
  openError: string;
}

/**
 * Writes this vault's Claude Desktop extension (`.mcpb`, see `buildMcpBundle`) into the user's
 * Downloads folder (the home folder when there is none), then opens it with the desktop's app for
 * `.mcpb` files, Claude Desktop, which installs it and asks for the token; when nothing opens it,
 * the file is shown in the file manager. Written with mode 0644: it holds no secret.
 */
export async function saveClaudeBundle(options: { relaySource: string; version: string; vaultPath: string; shell: DesktopShell; home?: string }): Promise<SavedBundle> {
  const bundle = buildMcpBundle({ relaySource: options.relaySource, version: options.version, vault: options.vaultPath });
  const home = options.home ?? homedir();
  const downloads = join(home, 'Downloads');
  const file = join(existsSync(downloads) ? downloads : home, bundle.fileName);
  await writeFileAtomic(file, bundle.bytes, { mode: 0o644 });
  const openError = await options.shell.openPath(file);
  if (openError !== '') options.shell.showItemInFolder(file);
  return { file, openError };
}
