/** A bracket expression of a glob (`[abc]`, `[a-z]`, `[!a]`, `[^a]`): one character of a set. */
export interface CharacterClass {
  /** True for `[!…]` and `[^…]`: the class matches any character outside its ranges. */
  negated: boolean;
  /** Inclusive code point ranges; a single character is a range from itself to itself. */
  ranges: readonly (readonly [number, number])[];
}

/**
 * The index of the `]` that closes the class opened at `chars[open]`, or -1 when the `[` opens no
 * class and is a literal. A `]` right after the `[` (or after `[!`/`[^`) is a member, as in POSIX;
 * `\` escapes the next character; a class never spans a `/`.
 */
export function findClassEnd(chars: readonly string[], open: number): number {
  let index = open + 1;
  if (chars[index] === '!' || chars[index] === '^') index += 1;
  if (chars[index] === ']') index += 1;
  for (; index < chars.length; index += 1) {
    const char = chars[index];
    if (char === '/') return -1;
    if (char === ']') return index;
    if (char === '\\') index += 1;
  }
  return -1;
}

/** Parses the members between a class's brackets (`chars` holds neither `[` nor `]`). */
export function parseCharacterClass(chars: readonly string[]): CharacterClass {
  const negated = chars[0] === '!' || chars[0] === '^';
  const ranges: [number, number][] = [];
  let index = negated ? 1 : 0;
  while (index < chars.length) {
    const [low, afterLow] = readMember(chars, index);
    const isRange = chars[afterLow] === '-' && afterLow + 1 < chars.length;
    const [high, next] = isRange ? readMember(chars, afterLow + 1) : [low, afterLow];
    ranges.push([low, high]);
    index = next;
  }
  return { negated, ranges };
}

/** True when `char` (one code point) belongs to `characterClass`. */
export function matchesClass(characterClass: CharacterClass, char: string): boolean {
  const code = char.codePointAt(0) ?? -1;
  const inRanges = characterClass.ranges.some(([low, high]) => low <= code && code <= high);
  return inRanges !== characterClass.negated;
}

/** The code point of the member at `index` (an escaped one included) and the index after it. */
function readMember(chars: readonly string[], index: number): [number, number] {
  const escaped = chars[index] === '\\' && index + 1 < chars.length;
  const char = escaped ? chars[index + 1] : chars[index];
  return [char?.codePointAt(0) ?? -1, index + (escaped ? 2 : 1)];
}
