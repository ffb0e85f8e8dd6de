import { IndxError } from '../../errors';
import { findClassEnd } from './character-class';

/** The most patterns one glob's `{…}` alternatives may expand to. */
export const MAX_GLOB_ALTERNATIVES = 64;

/** A `{` with its matching `}` and the commas that separate its alternatives. */
interface BracePair {
  close: number;
  commas: number[];
}

/**
 * Expands a glob's brace alternatives up front: `a/{b,c}.md` gives `a/b.md` and `a/c.md`, nested
 * braces (`{a,{b,c}}`) included. A brace with no comma (`{a}`) or no partner (`{a,b`) is literal,
 * as are escaped braces and braces inside a bracket class. Escapes stay in the results for the
 * segment parser. Throws `invalid_input` past {@link MAX_GLOB_ALTERNATIVES} patterns.
 */
export function expandBraces(glob: string): string[] {
  const chars = Array.from(glob);
  return expandRange(chars, 0, chars.length, findBracePairs(chars), glob);
}

/** Pairs every balanced `{…}` that has at least one comma of its own, keyed by its `{`. */
function findBracePairs(chars: readonly string[]): Map<number, BracePair> {
  const pairs = new Map<number, BracePair>();
  const open: { index: number; commas: number[] }[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index];
    if (char === '\\') index += 1;
    else if (char === '[') index = Math.max(index, findClassEnd(chars, index));
    else if (char === '{') open.push({ index, commas: [] });
    else if (char === ',') open[open.length - 1]?.commas.push(index);
    else if (char === '}') addPair(pairs, open.pop(), index);
  }
  return pairs;
}

function addPair(pairs: Map<number, BracePair>, open: { index: number; commas: number[] } | undefined, close: number): void {
  if (open !== undefined && open.commas.length > 0) pairs.set(open.index, { close, commas: open.commas });
}

/** Every pattern the characters in [start, end) stand for. */
function expandRange(chars: readonly string[], start: number, end: number, pairs: Map<number, BracePair>, glob: string): string[] {
  let results = [''];
  let literal = '';
  for (let index = start; index < end; index += 1) {
    const pair = pairs.get(index);
    if (pair === undefined) {
      const next = literalEnd(chars, index);
      literal += chars.slice(index, next).join('');
      index = next - 1;
      continue;
    }
    const alternatives = [index, ...pair.commas, pair.close];
    const options = alternatives.slice(1).flatMap((stop, at) => expandRange(chars, (alternatives[at] ?? 0) + 1, stop, pairs, glob));
    results = combine(results.map((result) => result + literal), options, glob);
    literal = '';
    index = pair.close;
  }
  return results.map((result) => result + literal);
}

/** The index after the literal piece at `index`: one character, an escape pair, or a whole class. */
function literalEnd(chars: readonly string[], index: number): number {
  if (chars[index] === '\\') return Math.min(index + 2, chars.length);
  const classEnd = chars[index] === '[' ? findClassEnd(chars, index) : -1;
  return classEnd === -1 ? index + 1 : classEnd + 1;
}

/** Every prefix followed by every option, refusing more than the cap. */
function combine(prefixes: readonly string[], options: readonly string[], glob: string): string[] {
  const unique = [...new Set(options)];
  if (prefixes.length * unique.length > MAX_GLOB_ALTERNATIVES) throw tooManyAlternatives(glob);
  return prefixes.flatMap((prefix) => unique.map((option) => prefix + option));
}

function tooManyAlternatives(glob: string): IndxError {
  const message = `The glob "${glob}" expands to more than ${MAX_GLOB_ALTERNATIVES} patterns through its {…} alternatives. Use fewer alternatives, or split it into several simpler globs.`;
  return new IndxError('invalid_input', message, { glob, limit: MAX_GLOB_ALTERNATIVES });
}
