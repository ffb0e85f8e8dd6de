/**
 * Calendar dates as `YYYY-MM-DD` in the machine's local time zone, as Obsidian's daily notes
 * name them. The current time always comes from an injected clock.
 */

const DAY_MS = 86_400_000;

/** The local calendar date of an instant. */
export function toCalendarDate(instant: number): string {
  const date = new Date(instant);
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('-');
}

/** True when `text` is `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** Local midnight at the start of a `YYYY-MM-DD` date, in ms since epoch. */
export function startOfDay(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day).getTime();
}

/** The date `days` days after `date` (negative for before). */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return toCalendarDate(new Date(year, month - 1, day + days, 12).getTime());
}

/** The Monday of the ISO week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = (new Date(startOfDay(date)).getDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The ISO week label of `date`, e.g. `2026-W47`. */
export function isoWeekLabel(date: string): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(Math.round((startOfDay(thursday) - startOfDay(`${year}-01-01`)) / DAY_MS) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The instant on `date` (local) at the time of day `instant` has: a dated note's "now" for its template. */
export function dateAtTimeOf(date: string, instant: number): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const time = new Date(instant);
  return new Date(year, month - 1, day, time.getHours(), time.getMinutes(), time.getSeconds(), time.getMilliseconds());
}
