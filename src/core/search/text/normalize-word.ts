import { stemPorter } from './porter-stemmer';
import { STOP_WORDS } from './stop-words';

/** Words longer than this are not indexed (hashes, base64 blobs, URLs run together). */
export const MAX_WORD_LENGTH = 64;

const CACHE_LIMIT = 50_000;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const ASCII_LOWER_WORD = /^[a-z]+$/;
let stems = new Map<string, string>();

/**
 * Turns one word as written into its index term: lower-cased, Latin accents folded (`Café` →
 * `cafe`), English stop words dropped (null), lower-case ASCII words stemmed (Porter). Results are
 * memoised, since a vault repeats the same few hundred thousand words millions of times.
 */
export function normalizeWord(word: string, isAsciiLower: boolean): string | null {
  if (word.length > MAX_WORD_LENGTH) return null;
  const lower = isAsciiLower ? word : foldWord(word);
  const cached = stems.get(lower);
  if (cached !== undefined) return cached === '' ? null : cached;
  const term = STOP_WORDS.has(lower) ? '' : ASCII_LOWER_WORD.test(lower) ? stemPorter(lower) : lower;
  if (stems.size >= CACHE_LIMIT) stems = new Map();
  stems.set(lower, term);
  return term === '' ? null : term;
}

/** Lower-cases `word` and folds Latin accents (`Café` → `cafe`), without stemming. */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Only combining marks of Latin-script accents go: marks in other scripts carry meaning.
  return isAscii(lower) ? lower : lower.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}
