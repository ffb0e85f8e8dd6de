import { tokenWriter } from './date-tokens';
import { LONG_FORMATS } from './english-locale';

/**
 * moment's tokenizer: a `[bracketed]` literal, or a token (optionally escaped by a backslash),
 * or any other single character. The same alternation in the same order, so a format splits
 * exactly as moment splits it (`w|` included: moment's character class holds a stray `|`).
 */
const FORMAT_TOKENS = /(\[[^[]*\])|(\\)?([Hh]mm(ss)?|Mo|MM?M?M?|Do|DDDo|DD?D?D?|ddd?d?|do?|w[o|w]?|W[o|W]?|Qo?|N{1,5}|YYYYYY|YYYYY|YYYY|YY|y{2,4}|yo?|gg(ggg?)?|GG(GGG?)?|e|E|a|A|hh?|HH?|kk?|mm?|ss?|S{1,9}|x|X|zz?|ZZ?|.)/g;

/** The long-format tokens (`LL`, `lll`…), bracketed literals and escapes skipped as moment skips them. */
const LONG_TOKENS = /(\[[^[]*\])|(\\)?(LTS|LT|LL?L?L?|l{1,4})/g;

/**
 * `date` (its local time) written in a moment.js format, as Obsidian's `moment().format()` writes
 * it in English: the tokens of moment's English locale, `[literal]` text, `\`-escaped characters,
 * and everything else as it is (so `YYYY/MM/YYYY-MM-DD` makes nested folders). An empty format
 * gives an empty string.
 */
export function formatDate(date: Date, format: string): string {
  let output = '';
  for (const [piece] of expandLongFormats(format).matchAll(FORMAT_TOKENS)) {
    const write = tokenWriter(piece);
    output += write === undefined ? literalOf(piece) : write(date);
  }
  return output;
}

/** Replaces `LT`, `LL`… by the formats they stand for; moment repeats this a few times, as a long format could hold another. */
function expandLongFormats(format: string): string {
  let expanded = format;
  for (let round = 0; round < 6 && hasLongToken(expanded); round += 1) {
    expanded = expanded.replace(LONG_TOKENS, (match) => LONG_FORMATS[match] ?? match);
  }
  return expanded;
}

function hasLongToken(format: string): boolean {
  return [...format.matchAll(LONG_TOKENS)].some(([match]) => LONG_FORMATS[match] !== undefined);
}

/** The text a piece that is no token writes: a bracketed literal without its brackets, anything else without backslashes. */
function literalOf(piece: string): string {
  return /^\[[\s\S]/.test(piece) ? piece.replace(/^\[|\]$/g, '') : piece.replace(/\\/g, '');
}
