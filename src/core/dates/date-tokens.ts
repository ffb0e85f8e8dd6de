import { ENGLISH_WEEK, englishOrdinal, ISO_WEEK, MONTH_NAMES, WEEKDAY_NAMES } from './english-locale';
import { dayOfYear, weekOfYear } from './week-of-year';

/** What a format token writes for a date (local time). */
type TokenWriter = (date: Date) => string;

/** `value` as at least `length` digits, the sign in front (`+` only when `forceSign`), as moment's zeroFill: never truncated. */
export function zeroFill(value: number, length: number, forceSign = false): string {
  const digits = String(Math.abs(value)).padStart(length, '0');
  return `${value >= 0 ? (forceSign ? '+' : '') : '-'}${digits}`;
}

const TOKENS = new Map<string, TokenWriter>();

/**
 * Registers a token as moment does: `token` writes `value` as it is, `padded` writes it with
 * at least that many digits, `ordinal` writes it as an English ordinal (`1st`).
 */
function addToken(token: string | null, padded: [string, number, boolean?] | null, ordinal: string | null, value: (date: Date) => number | string): void {
  const text = (date: Date): string => String(value(date));
  if (token !== null) TOKENS.set(token, text);
  if (padded !== null) TOKENS.set(padded[0], (date) => zeroFill(Number(value(date)), padded[1], padded[2]));
  if (ordinal !== null) TOKENS.set(ordinal, (date) => englishOrdinal(Number(value(date))));
}

const hour12 = (date: Date): number => date.getHours() % 12 || 12;
const localWeek = (date: Date): ReturnType<typeof weekOfYear> => weekOfYear(date, ENGLISH_WEEK);
const isoWeek = (date: Date): ReturnType<typeof weekOfYear> => weekOfYear(date, ISO_WEEK);

// Years.
addToken('Y', null, null, (date) => (date.getFullYear() <= 9999 ? zeroFill(date.getFullYear(), 4) : `+${date.getFullYear()}`));
addToken(null, ['YY', 2], null, (date) => date.getFullYear() % 100);
addToken(null, ['YYYY', 4], null, (date) => date.getFullYear());
addToken(null, ['YYYYY', 5], null, (date) => date.getFullYear());
addToken(null, ['YYYYYY', 6, true], null, (date) => date.getFullYear());
// Quarters, months, days of the month and of the year.
addToken('Q', null, 'Qo', (date) => Math.ceil((date.getMonth() + 1) / 3));
addToken('M', ['MM', 2], 'Mo', (date) => date.getMonth() + 1);
addToken('MMM', null, null, (date) => (MONTH_NAMES[date.getMonth()] ?? '').slice(0, 3));
addToken('MMMM', null, null, (date) => MONTH_NAMES[date.getMonth()] ?? '');
addToken('D', ['DD', 2], 'Do', (date) => date.getDate());
addToken('DDD', ['DDDD', 3], 'DDDo', dayOfYear);
// Weekdays: d and e count from Sunday (the English week), E from Monday (ISO).
addToken('d', null, 'do', (date) => date.getDay());
addToken('dd', null, null, (date) => (WEEKDAY_NAMES[date.getDay()] ?? '').slice(0, 2));
addToken('ddd', null, null, (date) => (WEEKDAY_NAMES[date.getDay()] ?? '').slice(0, 3));
addToken('dddd', null, null, (date) => WEEKDAY_NAMES[date.getDay()] ?? '');
addToken('e', null, null, (date) => (date.getDay() + 7 - ENGLISH_WEEK.dow) % 7);
addToken('E', null, null, (date) => date.getDay() || 7);
// Weeks and week years: w and g the English week, W and G the ISO week.
addToken('w', ['ww', 2], 'wo', (date) => localWeek(date).week);
addToken('W', ['WW', 2], 'Wo', (date) => isoWeek(date).week);
addToken(null, ['gg', 2], null, (date) => localWeek(date).year % 100);
addToken(null, ['gggg', 4], null, (date) => localWeek(date).year);
addToken(null, ['ggggg', 5], null, (date) => localWeek(date).year);
addToken(null, ['GG', 2], null, (date) => isoWeek(date).year % 100);
addToken(null, ['GGGG', 4], null, (date) => isoWeek(date).year);
addToken(null, ['GGGGG', 5], null, (date) => isoWeek(date).year);
// Time of day.
addToken('H', ['HH', 2], null, (date) => date.getHours());
addToken('h', ['hh', 2], null, hour12);
addToken('k', ['kk', 2], null, (date) => date.getHours() || 24);
addToken('m', ['mm', 2], null, (date) => date.getMinutes());
addToken('s', ['ss', 2], null, (date) => date.getSeconds());
addToken('hmm', null, null, (date) => `${hour12(date)}${zeroFill(date.getMinutes(), 2)}`);
addToken('hmmss', null, null, (date) => `${hour12(date)}${zeroFill(date.getMinutes(), 2)}${zeroFill(date.getSeconds(), 2)}`);
addToken('Hmm', null, null, (date) => `${date.getHours()}${zeroFill(date.getMinutes(), 2)}`);
addToken('Hmmss', null, null, (date) => `${date.getHours()}${zeroFill(date.getMinutes(), 2)}${zeroFill(date.getSeconds(), 2)}`);
addToken('A', null, null, (date) => (date.getHours() > 11 ? 'PM' : 'AM'));
addToken('a', null, null, (date) => (date.getHours() > 11 ? 'pm' : 'am'));
// Fractions of a second: S tenths, SS hundredths, SSS milliseconds, longer ones padded with zeros.
addToken('S', null, null, (date) => Math.trunc(date.getMilliseconds() / 100));
addToken(null, ['SS', 2], null, (date) => Math.trunc(date.getMilliseconds() / 10));
for (let digits = 3; digits <= 9; digits += 1) addToken(null, ['S'.repeat(digits), digits], null, (date) => date.getMilliseconds() * 10 ** (digits - 3));
// Instants and the offset from UTC.
addToken('X', null, null, (date) => Math.floor(date.getTime() / 1000));
addToken('x', null, null, (date) => date.getTime());
addToken('Z', null, null, (date) => utcOffset(date, ':'));
addToken('ZZ', null, null, (date) => utcOffset(date, ''));
addToken('z', null, null, () => '');
addToken('zz', null, null, () => '');
// Eras: every date indx names is Anno Domini.
for (const token of ['N', 'NN', 'NNN', 'NNNNN']) addToken(token, null, null, () => 'AD');
addToken('NNNN', null, null, () => 'Anno Domini');
addToken('y', null, 'yo', (date) => date.getFullYear());
for (const token of ['yy', 'yyy', 'yyyy']) addToken(null, [token, token.length], null, (date) => date.getFullYear());

function utcOffset(date: Date, separator: string): string {
  const minutes = -date.getTimezoneOffset();
  const absolute = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${zeroFill(Math.trunc(absolute / 60), 2)}${separator}${zeroFill(absolute % 60, 2)}`;
}

/** The writer of a format token, or undefined for text that is no token. */
export function tokenWriter(token: string): TokenWriter | undefined {
  return TOKENS.get(token);
}
