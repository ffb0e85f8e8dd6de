import { englishOrdinal, LONG_FORMATS, MONTH_NAMES, WEEKDAY_NAMES } from '../../dates/english-locale';
import { EvaluationError } from '../evaluate/evaluation-error';
import { DAY_MS, padNumber, startOfUtcDay, toDateParts, type DateParts } from './calendar';

/**
 * `date.format()`: Moment.js format tokens, English names and the English (`en`) localized
 * formats (`L`, `LL`, `LT`...), evaluated in UTC (so `Z` is always `+00:00`). Text in
 * `[brackets]` and a token or character after a backslash are copied; characters that are not
 * tokens are kept. Moment tokens indx does not implement (eras `N`, era years `y`, zone names `z`) fail the
 * evaluation naming the token, rather than coming back as literal text.
 */

const TOKENS = 'N{1,5}|yo|y{1,4}|zz?|YYYYYY|YYYYY|YYYY|YY|Y|Qo|Q|MMMM|MMM|MM|Mo|M|DDDD|DDDo|DDD|DD|Do|D|dddd|ddd|dd|do|d|E|e|WW|Wo|W|ww|wo|w|GGGGG|GGGG|GG|ggggg|gggg|gg|HH|H|hh|h|kk|k|mm|m|ss|s|S{4,9}|SSS|SS|S|A|a|X|x|ZZ|Z';
// `[text]`, a token (after a backslash: copied as it is written), or any character after a backslash.
const TOKEN = new RegExp(`\\[([^\\]]*)\\]|(\\\\?)(${TOKENS})|\\\\(.)`, 'g');

const LONG_TOKEN = /\[[^\]]*\]|\\(?:LTS|LT|L{1,4}|l{1,4}|.)|LTS|LT|LLLL|LLL|LL|L|llll|lll|ll|l/g;

interface Moment {
  time: number;
  parts: DateParts;
}

type TokenFormatter = (moment: Moment) => string;

const FORMATTERS: Record<string, TokenFormatter> = {
  YYYYYY: ({ parts }) => `${parts.year < 0 ? '-' : '+'}${padNumber(Math.abs(parts.year), 6)}`,
  YYYYY: ({ parts }) => padNumber(parts.year, 5),
  YYYY: ({ parts }) => padNumber(parts.year, 4),
  YY: ({ parts }) => padNumber(parts.year % 100, 2),
  Y: ({ parts }) => String(parts.year),
  Q: ({ parts }) => String(quarterOf(parts)),
  Qo: ({ parts }) => englishOrdinal(quarterOf(parts)),
  M: ({ parts }) => String(parts.month),
  Mo: ({ parts }) => englishOrdinal(parts.month),
  MM: ({ parts }) => padNumber(parts.month, 2),
  MMM: ({ parts }) => (MONTH_NAMES[parts.month - 1] ?? '').slice(0, 3),
  MMMM: ({ parts }) => MONTH_NAMES[parts.month - 1] ?? '',
  D: ({ parts }) => String(parts.day),
  Do: ({ parts }) => englishOrdinal(parts.day),
  DD: ({ parts }) => padNumber(parts.day, 2),
  DDD: ({ time }) => String(dayOfYear(time)),
  DDDo: ({ time }) => englishOrdinal(dayOfYear(time)),
  DDDD: ({ time }) => padNumber(dayOfYear(time), 3),
  d: ({ parts }) => String(parts.weekday),
  do: ({ parts }) => englishOrdinal(parts.weekday),
  dd: ({ parts }) => (WEEKDAY_NAMES[parts.weekday] ?? '').slice(0, 2),
  ddd: ({ parts }) => (WEEKDAY_NAMES[parts.weekday] ?? '').slice(0, 3),
  dddd: ({ parts }) => WEEKDAY_NAMES[parts.weekday] ?? '',
  E: ({ parts }) => String(parts.weekday === 0 ? 7 : parts.weekday),
  e: ({ parts }) => String(parts.weekday),
  W: ({ time }) => String(isoWeek(time).week),
  Wo: ({ time }) => englishOrdinal(isoWeek(time).week),
  WW: ({ time }) => padNumber(isoWeek(time).week, 2),
  GGGGG: ({ time }) => padNumber(isoWeek(time).year, 5),
  GGGG: ({ time }) => padNumber(isoWeek(time).year, 4),
  GG: ({ time }) => padNumber(isoWeek(time).year % 100, 2),
  w: ({ time }) => String(localeWeek(time).week),
  wo: ({ time }) => englishOrdinal(localeWeek(time).week),
  ww: ({ time }) => padNumber(localeWeek(time).week, 2),
  ggggg: ({ time }) => padNumber(localeWeek(time).year, 5),
  gggg: ({ time }) => padNumber(localeWeek(time).year, 4),
  gg: ({ time }) => padNumber(localeWeek(time).year % 100, 2),
  H: ({ parts }) => String(parts.hour),
  HH: ({ parts }) => padNumber(parts.hour, 2),
  h: ({ parts }) => String(twelveHour(parts)),
  hh: ({ parts }) => padNumber(twelveHour(parts), 2),
  k: ({ parts }) => String(parts.hour === 0 ? 24 : parts.hour),
  kk: ({ parts }) => padNumber(parts.hour === 0 ? 24 : parts.hour, 2),
  m: ({ parts }) => String(parts.minute),
  mm: ({ parts }) => padNumber(parts.minute, 2),
  s: ({ parts }) => String(parts.second),
  ss: ({ parts }) => padNumber(parts.second, 2),
  S: ({ parts }) => String(Math.floor(parts.millisecond / 100)),
  SS: ({ parts }) => padNumber(Math.floor(parts.millisecond / 10), 2),
  SSS: ({ parts }) => padNumber(parts.millisecond, 3),
  A: ({ parts }) => (parts.hour < 12 ? 'AM' : 'PM'),
  a: ({ parts }) => (parts.hour < 12 ? 'am' : 'pm'),
  X: ({ time }) => String(Math.floor(time / 1000)),
  x: ({ time }) => String(time),
  Z: () => '+00:00',
  ZZ: () => '+0000',
};

/**
 * Formats an instant with a Moment.js pattern such as `"YYYY-MM-DD"`, `"dddd, MMMM Do"` or
 * `"LL"`. Throws `EvaluationError` for a Moment token indx does not implement.
 */
export function formatDate(time: number, pattern: string): string {
  const moment: Moment = { time, parts: toDateParts(time) };
  const expanded = pattern.replace(LONG_TOKEN, (token) => LONG_FORMATS[token] ?? token);
  return expanded.replace(TOKEN, (_match: string, bracketed: string | undefined, backslash: string | undefined, token: string | undefined, escaped: string | undefined) => {
    if (bracketed !== undefined || escaped !== undefined) return bracketed ?? escaped ?? '';
    return backslash === '\\' ? (token ?? '') : formatToken(token ?? '', moment);
  });
}

function formatToken(token: string, moment: Moment): string {
  if (/^S{4,9}$/.test(token)) return padNumber(moment.parts.millisecond, 3) + '0'.repeat(token.length - 3);
  const formatter = FORMATTERS[token];
  if (formatter === undefined) throw new EvaluationError(`format() does not support the Moment token "${token}"; put literal text in [brackets]`);
  return formatter(moment);
}

function quarterOf(parts: DateParts): number {
  return Math.ceil(parts.month / 3);
}

function twelveHour(parts: DateParts): number {
  return parts.hour % 12 === 0 ? 12 : parts.hour % 12;
}

function dayOfYear(time: number): number {
  const year = new Date(time).getUTCFullYear();
  return Math.floor((startOfUtcDay(time) - yearStart(year)) / DAY_MS) + 1;
}

function yearStart(year: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  return date.getTime();
}

/** ISO 8601 week: weeks start on Monday; week 1 holds the year's first Thursday. */
function isoWeek(time: number): { week: number; year: number } {
  const day = startOfUtcDay(time);
  const mondayBased = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = day + (3 - mondayBased) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  return { week: Math.floor((thursday - yearStart(year)) / (7 * DAY_MS)) + 1, year };
}

/** Moment's English locale week: weeks start on Sunday; week 1 holds January 1st. */
function localeWeek(time: number): { week: number; year: number } {
  const sunday = startOfUtcDay(time) - new Date(time).getUTCDay() * DAY_MS;
  const year = new Date(sunday + 6 * DAY_MS).getUTCFullYear();
  const firstSunday = yearStart(year) - new Date(yearStart(year)).getUTCDay() * DAY_MS;
  return { week: Math.floor((sunday - firstSunday) / (7 * DAY_MS)) + 1, year };
}
