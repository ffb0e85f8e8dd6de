import type { TAbstractFile } from './files';
import type { Vault } from './vault';

/** Obsidian's "Deleted files" setting. */
export type TrashOption = 'system' | 'local' | 'none';

/**
 * Obsidian's `FileManager`: `trashFile` follows the user's "Deleted files" setting (system
 * trash, `.trash/`, or gone for good).
 *
 * Not modelled: `renameFile` (obsidian.d.ts FileManager.renameFile: "Rename or move a file
 * safely, and update all links to it depending on the user's preferences."): rewriting links as
 * the app does, by the user's link format settings, is more than a fake can promise, and a
 * `renameFile` that only moved the file would let a test pass that the app fails. Nothing calls
 * it (the core moves with `Vault.rename`, then rewrites links itself); a caller gets a TypeError.
 * `processFrontMatter` is not modelled either.
 */
export class FileManager {
  /** Every entry passed to `trashFile`, for tests. */
  readonly trashed: string[] = [];

  constructor(
    private readonly vault: Vault,
    public trashOption: TrashOption = 'system',
  ) {}

  /**
   * obsidian.d.ts FileManager.trashFile: "Remove a file or a folder from the vault according the
   * user's preferred 'trash' options (either moving the file to .trash/ or the OS trash bin)."
   * ASSUMED (the typings name only those two): "Permanently delete" (`none`) deletes for good,
   * like `Vault.delete`.
   */
  async trashFile(entry: TAbstractFile): Promise<void> {
    this.trashed.push(entry.path);
    await this.vault.remove(entry, this.trashOption);
  }
}
