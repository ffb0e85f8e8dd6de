import type { VaultHost } from '../vault/vault-host';

const MARKDOWN_EXTENSION = /\.md$/;

/** Chooses the link path of a note as Obsidian writes it: `(target, sourcePath) => linkPath`. */
export type LinkPathChooser = (target: string, sourcePath: string) => string;

/**
 * Returns a chooser writing link paths the way Obsidian's default "shortest path when possible"
 * format does (its `fileToLinktext`: "If file name is unique, use the filename. If not unique,
 * use full path."): the file name without `.md` when no other file of the vault has that name
 * (case ignored, as Obsidian's lookup) and it resolves to the target from `sourcePath`, else the
 * full vault path without `.md`. The vault's file names are counted once, when it is created.
 */
export function createLinkPathChooser(host: VaultHost): LinkPathChooser {
  const counts = new Map<string, number>();
  for (const file of host.listFiles()) {
    const name = fileNameOf(file.path).toLowerCase();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return (target, sourcePath) => {
    const full = target.replace(MARKDOWN_EXTENSION, '');
    const name = fileNameOf(full);
    const unique = (counts.get(fileNameOf(target).toLowerCase()) ?? 0) <= 1;
    return unique && host.resolveLink(name, sourcePath) === target ? name : full;
  };
}

function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
