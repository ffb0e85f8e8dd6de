/**
 * How the tokeniser treats one UTF-16 code unit: `SEPARATOR` ends a word, `WORD` is part of a
 * word (letters, digits and combining marks of any script), `IDEOGRAPH` belongs to a script
 * written without spaces (Han, kana, Hangul), which the tokeniser cuts into character bigrams.
 */
export const CharClass = { SEPARATOR: 0, WORD: 1, IDEOGRAPH: 2 } as const;

/** One of the {@link CharClass} values. */
export type CharClassValue = (typeof CharClass)[keyof typeof CharClass];

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
const WORD_RUNS = /[\p{L}\p{N}\p{M}]+/gu;

// Scripts without spaces between words, by BMP range (start, end inclusive).
const IDEOGRAPH_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x3040, 0x30ff], // Hiragana, Katakana
  [0x3130, 0x318f], // Hangul compatibility Jamo
  [0x31f0, 0x31ff], // Katakana phonetic extensions
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xac00, 0xd7af], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xff66, 0xff9f], // Half-width katakana
];

let table: Uint8Array | null = null;

/** The class of a BMP code unit (surrogates are classed by {@link classOfCodePoint}). */
export function classOfCodeUnit(code: number): CharClassValue {
  table ??= buildTable();
  return table[code] as CharClassValue;
}

/** The class of a code point outside the BMP (CJK extensions B and beyond are ideographs). */
export function classOfCodePoint(codePoint: number): CharClassValue {
  if (codePoint >= 0x20000 && codePoint <= 0x3ffff) return CharClass.IDEOGRAPH;
  return WORD_CHARACTER.test(String.fromCodePoint(codePoint)) ? CharClass.WORD : CharClass.SEPARATOR;
}

// Built once, lazily: a 64 KiB lookup keeps the tokeniser's inner loop free of regular expressions.
// One regular expression pass over every BMP character (surrogates left out) finds the word runs:
// milliseconds, where testing 65,536 characters one by one takes a quarter of a second.
function buildTable(): Uint8Array {
  const classes = new Uint8Array(0x10000);
  let characters = '';
  for (let start = 0; start < 0x10000; start += 0x1000) {
    const codes = Array.from({ length: 0x1000 }, (_unused, offset) => (start + offset >= 0xd800 && start + offset <= 0xdfff ? 0x20 : start + offset));
    characters += String.fromCharCode(...codes);
  }
  for (const run of characters.matchAll(WORD_RUNS)) classes.fill(CharClass.WORD, run.index, run.index + run[0].length);
  for (const [start, end] of IDEOGRAPH_RANGES) classes.fill(CharClass.IDEOGRAPH, start, end + 1);
  // The iteration marks 々 〆 〇 are written inside ideograph runs; the katakana middle dot separates words.
  classes.fill(CharClass.IDEOGRAPH, 0x3005, 0x3008);
  classes[0x30fb] = CharClass.SEPARATOR;
  return classes;
}
