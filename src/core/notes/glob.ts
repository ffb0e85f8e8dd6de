import picomatch from 'picomatch';

/** Compiles a vault path glob (`Daily/**`, `**\/*.md`); `undefined` matches everything. */
export function compileGlob(glob: string | undefined): (path: string) => boolean {
  if (glob === undefined || glob === '' || glob === '**') return () => true;
  // Vault paths are POSIX on every platform: never treat backslashes as separators.
  return picomatch(glob, { windows: false, dot: false });
}
