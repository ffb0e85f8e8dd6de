/** A week number and the year it belongs to (the week year, which differs near January 1st). */
export interface WeekOfYear {
  week: number;
  year: number;
}

/** How a calendar counts weeks: the day they start on (0 = Sunday) and the day of January that week 1 always holds, counted as moment does (`doy`). */
export interface WeekRule {
  dow: number;
  doy: number;
}

const DAY_MS = 86_400_000;

/**
 * The week of `date` (local calendar day) under `rule`: the ISO week with `{dow: 1, doy: 4}`,
 * the English locale's with `{dow: 0, doy: 6}`. Days before the year's week 1 belong to the
 * previous year's last week, days after its last week to the next year's week 1.
 */
export function weekOfYear(date: Date, rule: WeekRule): WeekOfYear {
  const year = date.getFullYear();
  const week = Math.floor((dayOfYear(date) - firstWeekOffset(year, rule) - 1) / 7) + 1;
  if (week < 1) return { week: week + weeksInYear(year - 1, rule), year: year - 1 };
  const weeks = weeksInYear(year, rule);
  return week > weeks ? { week: week - weeks, year: year + 1 } : { week, year };
}

/** The day of the year of `date`'s local calendar day, from 1. */
export function dayOfYear(date: Date): number {
  const day = utcDate(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((day - utcDate(date.getFullYear(), 0, 1)) / DAY_MS) + 1;
}

/** How many days before January 1st (negative: after it) week 1 of `year` starts, minus one. */
function firstWeekOffset(year: number, rule: WeekRule): number {
  const anchor = 7 + rule.dow - rule.doy;
  const anchorWeekday = (7 + new Date(utcDate(year, 0, anchor)).getUTCDay() - rule.dow) % 7;
  return -anchorWeekday + anchor - 1;
}

function weeksInYear(year: number, rule: WeekRule): number {
  return (daysInYear(year) - firstWeekOffset(year, rule) + firstWeekOffset(year + 1, rule)) / 7;
}

function daysInYear(year: number): number {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** Milliseconds of a UTC calendar date; years 0–99 stay themselves (Date.UTC would read them as 1900–1999). */
function utcDate(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(year, month, day));
  date.setUTCFullYear(year);
  return date.getTime();
}
