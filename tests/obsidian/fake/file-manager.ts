import type { TAbstractFile } from './files';
import type { Vault } from './vault';

/** Obsidian's "Deleted files" setting. */
export type TrashOption = 'system' | 'local' | 'none';

/**
 * Obsidian's `FileManager`: `trashFile` follows the user's "Deleted files" setting (system
 * trash, `.trash/`, or gone for good); `renameFile` moves without updating links here (the
 * plugin never calls it: the core rewrites links itself).
 */
export class FileManager {
  /** Every entry passed to `trashFile`, for tests. */
  readonly trashed: string[] = [];

  constructor(
    private readonly vault: Vault,
    public trashOption: TrashOption = 'system',
  ) {}

  async trashFile(entry: TAbstractFile): Promise<void> {
    this.trashed.push(entry.path);
    await this.vault.remove(entry, this.trashOption);
  }

  async renameFile(entry: TAbstractFile, newPath: string): Promise<void> {
    await this.vault.rename(entry, newPath);
  }
}
