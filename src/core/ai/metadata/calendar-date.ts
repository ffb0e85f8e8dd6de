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
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
