import { MAX_GLOB_LENGTH } from '../../notes/glob';
import { MAX_GLOB_ALTERNATIVES } from '../../notes/glob/expand-braces';

// Characters the glob parser reads as syntax; `\` makes it read the next one literally.
const GLOB_SYNTAX = /[\\*?[\]{},!]/g;

/**
 * A path glob matching exactly `paths` and nothing else (`{A.md,Notes/B.md}`, every glob
 * character escaped), so a search can be restricted to them; null when there are more than the
 * glob's 64 alternatives or it would exceed the glob length limit.
 */
export function toExactPathsGlob(paths: readonly string[]): string | null {
  if (paths.length === 0 || paths.length > MAX_GLOB_ALTERNATIVES) return null;
  const escaped = paths.map((path) => path.replace(GLOB_SYNTAX, (character) => `\\${character}`));
  const glob = escaped.length === 1 ? (escaped[0] as string) : `{${escaped.join(',')}}`;
  return glob.length > MAX_GLOB_LENGTH ? null : glob;
}
