/** The folder of a vault path ("" for a file at the vault root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** The last segment of a path (the file name with extension). */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `folder/relative`, or `relative` at the root. */
export function joinPath(folder: string, relative: string): string {
  return folder === '' ? relative : `${folder}/${relative}`;
}

/**
 * Resolves `./` and `../` segments of `relative` against `folder`; null when `..` climbs above
 * the vault root.
 */
export function resolveRelativePath(folder: string, relative: string): string | null {
  const segments = folder === '' ? [] : folder.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join('/');
}
