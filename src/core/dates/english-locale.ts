/**
 * The English names and rules moment's default locale (`en`) formats with, which is what
 * Obsidian users' date formats produce in an English app. Weeks start on Sunday and the week
 * holding January 1st is week 1 (`dow` 0, `doy` 6).
 */

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The first day of the locale's week (0 = Sunday) and the day of January that week 1 always holds, as moment counts it (`doy`). */
export const ENGLISH_WEEK = { dow: 0, doy: 6 } as const;

/** The ISO 8601 week: Monday first, the week holding January 4th is week 1. */
export const ISO_WEEK = { dow: 1, doy: 4 } as const;

/** `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `112th`. */
export function englishOrdinal(value: number): string {
  const last = value % 10;
  const suffix = Math.trunc((value % 100) / 10) === 1 ? 'th' : last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th';
  return `${value}${suffix}`;
}

/**
 * The long formats the `L…` tokens stand for. The lower-case ones shorten month and weekday
 * names and drop the padding, as moment derives them from the upper-case ones.
 */
export const LONG_FORMATS: Record<string, string> = {
  LT: 'h:mm A',
  LTS: 'h:mm:ss A',
  L: 'MM/DD/YYYY',
  LL: 'MMMM D, YYYY',
  LLL: 'MMMM D, YYYY h:mm A',
  LLLL: 'dddd, MMMM D, YYYY h:mm A',
  l: 'M/D/YYYY',
  ll: 'MMM D, YYYY',
  lll: 'MMM D, YYYY h:mm A',
  llll: 'ddd, MMM D, YYYY h:mm A',
};
