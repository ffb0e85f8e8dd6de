import { daysInMonth, padNumber } from '../../bases/dates/calendar';

/** A calendar date's parts: year, month 1–12, day 1–31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** True when the parts name a real day of the Gregorian calendar (years 0000–9999, leap years counted). */
export function isCalendarDate(date: CalendarDate): boolean {
  if (!Number.isInteger(date.year) || date.year < 0 || date.year > 9999) return false;
  if (!Number.isInteger(date.month) || date.month < 1 || date.month > 12) return false;
  return Number.isInteger(date.day) && date.day >= 1 && date.day <= daysInMonth(date.year, date.month);
}

/** The date as `YYYY-MM-DD`. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${padNumber(date.year, 4)}-${padNumber(date.month, 2)}-${padNumber(date.day, 2)}`;
}
