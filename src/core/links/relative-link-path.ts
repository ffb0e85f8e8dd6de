/**
 * Writes `targetPath` relative to the folder `fromFolder` (both vault paths, '' for the root),
 * always starting with `./` or `../` so the link still reads as relative.
 */
export function toRelativeLinkPath(fromFolder: string, targetPath: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const target = targetPath.split('/');
  let shared = 0;
  while (shared < from.length && shared < target.length - 1 && from[shared] === target[shared]) shared += 1;
  const ups = from.length - shared;
  const rest = target.slice(shared).join('/');
  return ups === 0 ? `./${rest}` : `${'../'.repeat(ups)}${rest}`;
}
