import { IndxError } from '../../core/errors';

/** The error for a path that is taken. */
export function alreadyExists(vaultPath: string): IndxError {
  const message = `"${vaultPath}" already exists. Choose another path or change the existing file.`;
  return new IndxError('already_exists', message, { path: vaultPath });
}

/** The error for a path with nothing at it. */
export function notFound(vaultPath: string): IndxError {
  const message = `No file or folder at "${vaultPath}". Check the path with the file list.`;
  return new IndxError('not_found', message, { path: vaultPath });
}

/** The error for a path that goes through a symbolic link (`diskPath` is the link). */
export function symlinkForbidden(vaultPath: string, diskPath: string): IndxError {
  // Security: a link inside the vault could lead into `.obsidian`, `.git` or out of the vault.
  const message =
    `"${vaultPath}" goes through the symbolic link "${diskPath}". indx does not follow symbolic links, ` +
    'for safety: links are not part of the vault for the API. Use the real path of the file instead.';
  return new IndxError('path_forbidden', message, { path: vaultPath, symlink: diskPath });
}

/** The error for a path where something other than a file or folder is (a FIFO, a socket, a device). */
export function notRegularFile(vaultPath: string): IndxError {
  // Security: reading a FIFO would wait forever for a writer; devices are not vault content.
  const message = `"${vaultPath}" is not a regular file (a FIFO, socket or device), so indx does not open it.`;
  return new IndxError('path_forbidden', message, { path: vaultPath });
}

/** The error for a vault path that several names on disk collapse to (`diskPaths`, two or more). */
export function nameConflict(vaultPath: string, diskPaths: readonly string[]): IndxError {
  const names = diskPaths.map((diskPath) => `"${showCodePoints(diskPath)}"`).join(' and ');
  const message =
    `"${vaultPath}" is ambiguous: the vault folder holds ${names}, names that differ only in Unicode ` +
    'normalisation or no-break spaces, so indx cannot tell which one is meant and touches neither. ' +
    'Rename or merge one of them outside indx, then try again.';
  return new IndxError('conflict', message, { path: vaultPath, disk_paths: [...diskPaths] });
}

/** The error for a file whose bytes are not UTF-8. */
export function notUtf8(vaultPath: string): IndxError {
  const message =
    `"${vaultPath}" is not UTF-8 text, so indx cannot read it as a note and will not rewrite it ` +
    '(that would change bytes outside any edit). Convert the file to UTF-8 in an editor first.';
  return new IndxError('not_utf8', message, { path: vaultPath });
}

// Names that differ only invisibly must look different in the message: escape what is not ASCII.
function showCodePoints(text: string): string {
  return text.replace(/[^\x20-\x7e]/gu, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`);
}
