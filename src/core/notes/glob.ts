import { IndxError } from '../errors';
import { expandBraces } from './glob/expand-braces';
import { matchesSegments } from './glob/match-segments';
import { parseGlob, type GlobSegment } from './glob/parse-glob';

/** The longest glob `compileGlob` accepts, in UTF-16 code units. */
export const MAX_GLOB_LENGTH = 1000;

/**
 * Compiles a vault path glob (`Daily/**`, `**\/*.md`, `Projects/{Alpha,Beta}/*.md`) into a
 * predicate over vault paths; `undefined`, `''` and `**` match everything.
 *
 * Semantics follow picomatch with `{ windows: false, dot: false }` on ordinary globs: paths are
 * POSIX on every platform and `\` escapes the next character, never separates; `*` and `?` stay
 * within a segment; `**` as a whole segment spans zero or more segments (so `Daily/**` covers
 * `Daily` itself); `[a-z]`, `[!a]`, `[^a]` are classes; `{a,b}` alternatives nest; a leading `!`
 * negates; a leading `./` is ignored; wildcards never match a segment starting with `.` unless the
 * glob spells the dot; a path equal to the glob's own text always matches (a note named
 * `[draft].md`). The empty path never matches. Unsupported picomatch extras (extglobs `@(a|b)`,
 * regex groups, `{1..3}` ranges, POSIX `[[:alpha:]]`) are literal text.
 *
 * Throws `invalid_input` for a glob longer than {@link MAX_GLOB_LENGTH} or whose braces expand to
 * too many patterns.
 */
export function compileGlob(glob: string | undefined): (path: string) => boolean {
  if (glob === undefined || glob === '' || glob === '**') return () => true;
  if (glob.length > MAX_GLOB_LENGTH) throw globTooLong(glob);
  const negated = /^!*/.exec(glob)?.[0].length ?? 0;
  const alternatives = expandBraces(glob.slice(negated).replace(/^(?:\.\/)+/, '')).map(parseGlob);
  const invert = negated % 2 === 1;
  return (path) => path === glob || (path !== '' && matchesAny(alternatives, path) !== invert);
}

// Security: no regular expression is built from the glob. A backtracking regex engine can take
// exponential time on globs like `**/*a*a*a*a*a*a*a*a*a*b` (picomatch did: seconds per note),
// and any client with read access chooses the glob. Segment-by-segment matching bounds the work
// by the glob's length times the path's length.
function matchesAny(alternatives: readonly GlobSegment[][], path: string): boolean {
  const segments = path.split('/').map((segment) => Array.from(segment));
  return alternatives.some((alternative) => matchesSegments(alternative, segments));
}

function globTooLong(glob: string): IndxError {
  const message = `The glob is ${glob.length} characters long; at most ${MAX_GLOB_LENGTH} are accepted. Use a shorter glob.`;
  return new IndxError('invalid_input', message, { length: glob.length, limit: MAX_GLOB_LENGTH });
}
