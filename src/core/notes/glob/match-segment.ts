import { matchesClass } from './character-class';
import type { GlobToken } from './parse-glob';

/**
 * True when one path segment (split into code points) matches a segment's tokens: `*` is any run
 * of characters, `?` one character, a class one character of its set. A segment starting with `.`
 * is never matched by a leading `*` or `?` (picomatch's `dot: false`): hidden files and folders
 * show only to a glob that names the dot.
 *
 * Greedy two-pointer matching: on a mismatch only the most recent `*` takes one more character,
 * since what an earlier `*` would swallow the later one can swallow too. O(tokens × characters),
 * never exponential.
 */
export function matchesSegment(tokens: readonly GlobToken[], chars: readonly string[]): boolean {
  if (chars[0] === '.' && (tokens[0]?.kind === 'star' || tokens[0]?.kind === 'any')) return false;
  let token = 0;
  let char = 0;
  let star = -1;
  let starChar = 0;
  while (char < chars.length) {
    const current = tokens[token];
    if (current?.kind === 'star') {
      star = token;
      starChar = char;
      token += 1;
    } else if (current !== undefined && matchesChar(current, chars[char] ?? '')) {
      token += 1;
      char += 1;
    } else if (star !== -1) {
      token = star + 1;
      starChar += 1;
      char = starChar;
    } else return false;
  }
  return tokens.slice(token).every((rest) => rest.kind === 'star');
}

function matchesChar(token: Exclude<GlobToken, { kind: 'star' }>, char: string): boolean {
  if (token.kind === 'any') return true;
  if (token.kind === 'literal') return token.char === char;
  return matchesClass(token.characterClass, char);
}
