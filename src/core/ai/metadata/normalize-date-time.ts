import { formatCalendarDate, isCalendarDate } from './calendar-date';

/** An ISO 8601 date-time with seconds optional, a fraction optional, and a zone required. */
const DATE_TIME_FORM = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * Normalises a model's date-time to UTC `YYYY-MM-DDTHH:mm:ssZ`, or returns null. The input must
 * be ISO 8601 with an explicit zone (`Z` or `±HH:MM`): a time without a zone names no instant, so
 * it fails rather than being read in some guessed zone. Fractions of a second are dropped.
 */
export function normalizeDateTime(text: string): string | null {
  const match = DATE_TIME_FORM.exec(text.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((index) => Number(match[index] ?? 0)) as [number, number, number, number, number, number];
  if (!isCalendarDate({ year, month, day }) || hour > 23 || minute > 59 || second > 59) return null;
  const offsetMinutes = offsetOf(match);
  if (offsetMinutes === null) return null;
  return toUtcText(year, month, day, hour * 60 + minute - offsetMinutes, second);
}

function offsetOf(match: RegExpExecArray): number | null {
  if (match[7]?.toUpperCase() === 'Z') return 0;
  const hours = Number(match[9]);
  const minutes = Number(match[10]);
  if (hours > 23 || minutes > 59) return null;
  return (match[8] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function toUtcText(year: number, month: number, day: number, minutesOfDay: number, second: number): string | null {
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(0, minutesOfDay, second, 0);
  const date = { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
  if (!isCalendarDate(date)) return null;
  return `${formatCalendarDate(date)}T${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}Z`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
