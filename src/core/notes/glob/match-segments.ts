import { matchesSegment } from './match-segment';
import type { GlobSegment, GlobToken } from './parse-glob';

/**
 * True when a path's segments (each split into code points) match a glob's segments. A globstar
 * matches zero or more whole segments, none of them starting with `.`; any other glob segment
 * matches exactly one path segment.
 *
 * Dynamic programming over segments: `reachable[j]` says the glob segments seen so far can match
 * the first `j` path segments. Each (glob segment, path segment) pair is tried at most once, so
 * the cost is bounded by the glob length times the path length, whatever the globstars.
 */
export function matchesSegments(glob: readonly GlobSegment[], path: readonly (readonly string[])[]): boolean {
  let reachable = path.map(() => false).concat(false);
  reachable[0] = true;
  for (const segment of glob) {
    reachable = segment.kind === 'globstar' ? afterGlobstar(reachable, path) : afterTokens(segment.tokens, reachable, path);
    if (!reachable.includes(true)) return false;
  }
  return reachable[path.length] === true;
}

/** A globstar extends every reachable position over any run of segments that are not hidden. */
function afterGlobstar(reachable: readonly boolean[], path: readonly (readonly string[])[]): boolean[] {
  const next = [...reachable];
  for (let end = 1; end < next.length; end += 1) {
    if (next[end - 1] === true && path[end - 1]?.[0] !== '.') next[end] = true;
  }
  return next;
}

/** Ordinary glob segments consume exactly one path segment that they match. */
function afterTokens(tokens: readonly GlobToken[], reachable: readonly boolean[], path: readonly (readonly string[])[]): boolean[] {
  const next = reachable.map(() => false);
  for (let start = 0; start < path.length; start += 1) {
    if (reachable[start] === true) next[start + 1] = matchesSegment(tokens, path[start] ?? []);
  }
  return next;
}
