import type { Dirent, FSWatcher, Stats } from 'node:fs';
import { lstatSync, readdirSync, watch } from 'node:fs';
import { clearTimeout, setTimeout } from 'node:timers';
import * as path from 'node:path';
import { isHiddenPath, isSameOrBelow, toAbsolutePath } from './vault-paths';

/** A path is reported once it has been quiet this long (an editor or `git` has finished writing)… */
const QUIET_MS = 100;
/** …or this long after its first change, so a file written continuously is still reported. */
const MAX_WAIT_MS = 500;

/** Platforms whose `fs.watch` watches a whole tree with one handle (FSEvents, ReadDirectoryChangesW). */
const RECURSIVE_PLATFORMS: ReadonlySet<string> = new Set(['darwin', 'win32']);

/** A pending report for one path. */
interface Pending {
  timer: NodeJS.Timeout;
  firstSeen: number;
}

/**
 * Watches a vault folder and reports, after a short quiet period, the relative path on disk (as
 * the disk spells it, before any Unicode normalisation) of anything that may have changed (file
 * or folder, added, changed or removed); the host then compares with the disk. Hidden paths (dot
 * names, including our temporary files) are ignored.
 *
 * Why not chokidar: chokidar 4 opens one `fs.watch` per file, which for 38k notes took 5.3 s to
 * get ready and 430 MB, and exhausts inotify watches or file descriptors on large vaults. This
 * watcher uses one handle for the tree on macOS and Windows and one per folder on Linux, added
 * by the scan before each folder is listed so that no change between listing and watching is
 * lost.
 */
export class VaultWatcher {
  private readonly handles = new Map<string, FSWatcher>();
  private readonly pending = new Map<string, Pending>();
  private readonly recursive = RECURSIVE_PLATFORMS.has(process.platform);
  private closed = false;

  constructor(
    private readonly realRoot: string,
    private readonly onPathChanged: (diskPath: string) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.open('');
  }

  /** Watches one more folder (only needed where a handle covers a single folder). */
  watchFolder(diskPath: string): void {
    if (this.recursive || this.closed || this.handles.has(diskPath)) return;
    this.open(diskPath);
  }

  /** Stops watching; reports still waiting are dropped. */
  close(): Promise<void> {
    this.closed = true;
    for (const handle of this.handles.values()) handle.close();
    this.handles.clear();
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    return Promise.resolve();
  }

  private open(folder: string): void {
    try {
      const handle = watch(toAbsolutePath(this.realRoot, folder), { recursive: this.recursive }, (_event, name) =>
        this.onRawEvent(folder, name),
      );
      handle.on('error', () => this.forget(folder));
      this.handles.set(folder, handle);
    } catch (error: unknown) {
      // The folder went away before it could be watched; its parent's handle reports that.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.onError(error);
    }
  }

  private onRawEvent(folder: string, name: string | null): void {
    if (this.closed || name === null) return;
    const relative = name.split(path.sep).join('/');
    const diskPath = folder === '' ? relative : `${folder}/${relative}`;
    if (!isHiddenPath(diskPath)) this.debounce(diskPath);
  }

  private debounce(diskPath: string): void {
    const now = Date.now();
    const previous = this.pending.get(diskPath);
    if (previous !== undefined) clearTimeout(previous.timer);
    const firstSeen = previous?.firstSeen ?? now;
    const delay = Math.min(QUIET_MS, Math.max(0, firstSeen + MAX_WAIT_MS - now));
    this.pending.set(diskPath, { timer: setTimeout(() => this.report(diskPath), delay), firstSeen });
  }

  private report(diskPath: string): void {
    this.pending.delete(diskPath);
    if (this.closed) return;
    if (!this.recursive) this.followFolders(diskPath);
    this.onPathChanged(diskPath);
  }

  /** Keeps one handle per existing folder: new folders (and those below) get one, gone ones lose theirs. */
  private followFolders(diskPath: string): void {
    const absolutePath = toAbsolutePath(this.realRoot, diskPath);
    // lstat: symlinked folders are not part of the vault (the scan skips them too).
    const isFolder = lstatOrNull(absolutePath)?.isDirectory() === true;
    if (!isFolder) return this.forget(diskPath);
    this.watchFolder(diskPath);
    for (const entry of readdirOrEmpty(absolutePath)) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) this.followFolders(`${diskPath}/${entry.name}`);
    }
  }

  private forget(folder: string): void {
    for (const [watched, handle] of this.handles) {
      if (watched === '' || !isSameOrBelow(watched, folder)) continue;
      handle.close();
      this.handles.delete(watched);
    }
  }
}

function lstatOrNull(absolutePath: string): Stats | null {
  try {
    return lstatSync(absolutePath);
  } catch {
    return null;
  }
}

function readdirOrEmpty(absolutePath: string): Dirent[] {
  try {
    return readdirSync(absolutePath, { withFileTypes: true });
  } catch {
    return [];
  }
}
