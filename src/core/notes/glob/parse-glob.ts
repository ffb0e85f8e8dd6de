import { findClassEnd, parseCharacterClass, type CharacterClass } from './character-class';

/** One element of a glob segment: a literal character, `?`, a run of `*`, or a bracket class. */
export type GlobToken =
  | { kind: 'literal'; char: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; characterClass: CharacterClass };

/** One `/`-separated part of a glob: `**` on its own, or a sequence of tokens. */
export type GlobSegment = { kind: 'globstar' } | { kind: 'tokens'; tokens: readonly GlobToken[] };

/**
 * Parses a brace-free glob into its segments. `/` (escaped or not) separates segments; `**` is a
 * globstar only as a whole segment and is a plain `*` anywhere else; `\` makes the next character
 * a literal (a trailing `\` is itself literal); a `[` that opens no class is a literal.
 */
export function parseGlob(glob: string): GlobSegment[] {
  return splitSegments(Array.from(glob)).map(toSegment);
}

/** Splits on every `/`, keeping the other escapes for the segment parser. */
function splitSegments(chars: readonly string[]): string[][] {
  let current: string[] = [];
  const segments: string[][] = [current];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] ?? '';
    const next = chars[index + 1];
    if (char === '/' || (char === '\\' && next === '/')) {
      current = [];
      segments.push(current);
    } else {
      current.push(char);
      if (char === '\\' && next !== undefined) current.push(next);
    }
    if (char === '\\') index += 1;
  }
  return segments;
}

function toSegment(chars: string[]): GlobSegment {
  if (chars.length === 2 && chars[0] === '*' && chars[1] === '*') return { kind: 'globstar' };
  return { kind: 'tokens', tokens: toTokens(chars) };
}

function toTokens(chars: readonly string[]): GlobToken[] {
  const tokens: GlobToken[] = [];
  let index = 0;
  while (index < chars.length) {
    const [token, next] = readToken(chars, index);
    const repeatsStar = token.kind === 'star' && tokens[tokens.length - 1]?.kind === 'star';
    if (!repeatsStar) tokens.push(token);
    index = next;
  }
  return tokens;
}

/** The token starting at `index` and the index after it. */
function readToken(chars: readonly string[], index: number): [GlobToken, number] {
  const char = chars[index] ?? '';
  if (char === '*') return [{ kind: 'star' }, index + 1];
  if (char === '?') return [{ kind: 'any' }, index + 1];
  if (char === '\\' && index + 1 < chars.length) return [{ kind: 'literal', char: chars[index + 1] ?? '' }, index + 2];
  const end = char === '[' ? findClassEnd(chars, index) : -1;
  if (end === -1) return [{ kind: 'literal', char }, index + 1];
  return [{ kind: 'class', characterClass: parseCharacterClass(chars.slice(index + 1, end)) }, end + 1];
}
