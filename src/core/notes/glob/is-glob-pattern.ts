import { findClassEnd } from './character-class';
import { expandBraces } from './expand-braces';

/**
 * True when `pattern` holds an unescaped wildcard (`*`, `?`), a bracket class or a brace with
 * alternatives, so that it can match more than its own text. A leading `!` alone does not make a
 * glob (as picomatch's `scan(...).isGlob`). Throws `invalid_input` as `expandBraces` does.
 */
export function isGlobPattern(pattern: string): boolean {
  const alternatives = expandBraces(pattern);
  return alternatives.length > 1 || alternatives.some((alternative) => hasWildcard(Array.from(alternative)));
}

function hasWildcard(chars: readonly string[]): boolean {
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index];
    if (char === '*' || char === '?') return true;
    if (char === '[' && findClassEnd(chars, index) !== -1) return true;
    if (char === '\\') index += 1;
  }
  return false;
}
