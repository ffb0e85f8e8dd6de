/**
 * Porter's 1980 suffix-stripping stemmer for lower-case English words (`a`–`z` only), written
 * from the published algorithm: `connections`, `connected` and `connecting` all become
 * `connect`. Words of two letters or fewer are returned unchanged.
 */
export function stemPorter(word: string): string {
  if (word.length <= 2) return word;
  let stem = step1a(word);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = replaceSuffix(stem, STEP2, 0);
  stem = replaceSuffix(stem, STEP3, 0);
  stem = step4(stem);
  return step5(stem);
}

type Rule = readonly [suffix: string, replacement: string];

// Longer suffixes sharing an ending come first: the first suffix that matches decides the rule.
const STEP2: readonly Rule[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];

const STEP3: readonly Rule[] = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];

const STEP4: readonly string[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate',
  'iti', 'ous', 'ive', 'ize',
];

function isConsonant(word: string, index: number): boolean {
  const letter = word[index];
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false;
  if (letter === 'y') return index === 0 || !isConsonant(word, index - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in `word[0, end)`. */
function measure(word: string, end: number): number {
  let count = 0;
  let index = 0;
  while (index < end && isConsonant(word, index)) index += 1;
  while (index < end) {
    while (index < end && !isConsonant(word, index)) index += 1;
    if (index >= end) break;
    count += 1;
    while (index < end && isConsonant(word, index)) index += 1;
  }
  return count;
}

function hasVowel(word: string, end: number): boolean {
  for (let index = 0; index < end; index += 1) if (!isConsonant(word, index)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string, end: number): boolean {
  return end >= 2 && word[end - 1] === word[end - 2] && isConsonant(word, end - 1);
}

/** Porter's *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(word: string, end: number): boolean {
  if (end < 3 || !isConsonant(word, end - 1) || isConsonant(word, end - 2) || !isConsonant(word, end - 3)) return false;
  const last = word[end - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

function step1a(word: string): string {
  if (word.endsWith('sses') || word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) return measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word;
  const suffix = word.endsWith('ed') ? 2 : word.endsWith('ing') ? 3 : 0;
  if (suffix === 0 || !hasVowel(word, word.length - suffix)) return word;
  return tidyAfterStep1b(word.slice(0, -suffix));
}

function tidyAfterStep1b(stem: string): string {
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  const last = stem[stem.length - 1];
  if (endsWithDoubleConsonant(stem, stem.length) && last !== 'l' && last !== 's' && last !== 'z') return stem.slice(0, -1);
  return measure(stem, stem.length) === 1 && endsCvc(stem, stem.length) ? `${stem}e` : stem;
}

function step1c(word: string): string {
  return word.endsWith('y') && hasVowel(word, word.length - 1) ? `${word.slice(0, -1)}i` : word;
}

function replaceSuffix(word: string, rules: readonly Rule[], minimumMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stemEnd = word.length - suffix.length;
    return measure(word, stemEnd) > minimumMeasure ? word.slice(0, stemEnd) + replacement : word;
  }
  return word;
}

function step4(word: string): string {
  for (const suffix of STEP4) {
    if (!word.endsWith(suffix)) continue;
    const stemEnd = word.length - suffix.length;
    if (suffix === 'ion' && word[stemEnd - 1] !== 's' && word[stemEnd - 1] !== 't') return word;
    return measure(word, stemEnd) > 1 ? word.slice(0, stemEnd) : word;
  }
  return word;
}

function step5(word: string): string {
  let stem = word;
  if (stem.endsWith('e')) {
    const m = measure(stem, stem.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(stem, stem.length - 1))) stem = stem.slice(0, -1);
  }
  if (stem.endsWith('ll') && measure(stem, stem.length) > 1) stem = stem.slice(0, -1);
  return stem;
}
