/** A unit a date is shifted by, as moment names them: years, quarters, months, weeks, days, hours, minutes, seconds. */
export type DateUnit = 'y' | 'q' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

const MS: Partial<Record<DateUnit, number>> = { h: 3_600_000, m: 60_000, s: 1000 };

/**
 * `date` moved by `amount` units, as moment's `add` moves it: calendar units keep the local
 * time of day (a day is a calendar day, whatever the clock change), and a month that lacks the
 * day ends on its last day (January 31st + 1 month is February 28th or 29th).
 */
export function shiftDate(date: Date, amount: number, unit: DateUnit): Date {
  const step = MS[unit];
  if (step !== undefined) return new Date(date.getTime() + amount * step);
  const result = new Date(date.getTime());
  if (unit === 'd' || unit === 'w') {
    result.setDate(result.getDate() + amount * (unit === 'w' ? 7 : 1));
    return result;
  }
  return addMonths(result, amount * (unit === 'y' ? 12 : unit === 'q' ? 3 : 1));
}

function addMonths(date: Date, months: number): Date {
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() + months);
  const lastDay = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
  date.setDate(Math.min(day, lastDay));
  return date;
}
