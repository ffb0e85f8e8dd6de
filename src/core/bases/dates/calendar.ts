/**
 * UTC calendar arithmetic for Bases dates. Every date is read and built in UTC, so results do
 * not depend on the machine's time zone (indx pins UTC where Obsidian would use local time).
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** The average Gregorian month (146097 / 4800 days), as Moment converts months to days. */
export const MONTH_MS = (146_097 / 4_800) * DAY_MS;

/** The UTC fields of an instant; `month` is 1–12, `weekday` 0 (Sunday) – 6. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

/** Splits an instant into its UTC fields. */
export function toDateParts(time: number): DateParts {
  const date = new Date(time);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    weekday: date.getUTCDay(),
  };
}

/** The instant of UTC fields (`month` 1–12); years below 100 are taken literally. */
export function fromDateParts(parts: Omit<DateParts, 'weekday'>): number {
  const date = new Date(Date.UTC(2000, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond));
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return date.getTime();
}

/** The number of days in a month (`month` 1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_LENGTHS[month - 1] ?? 31;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for Gregorian leap years. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Adds whole calendar months, clamping the day to the target month's length as Moment does:
 * Jan 31 + 1 month is Feb 29 in a leap year, Feb 28 otherwise. The time of day is kept.
 */
export function addCalendarMonths(time: number, months: number): number {
  if (months === 0) return time;
  const parts = toDateParts(time);
  const index = parts.year * 12 + (parts.month - 1) + Math.trunc(months);
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return fromDateParts({ ...parts, year, month, day: Math.min(parts.day, daysInMonth(year, month)) });
}

/** Midnight UTC of the instant's day. */
export function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** Left-pads a whole number with zeros to `width` digits (a sign stays in front). */
export function padNumber(value: number, width: number): string {
  const digits = String(Math.abs(Math.trunc(value))).padStart(width, '0');
  return value < 0 ? `-${digits}` : digits;
}
