import { dateValue, type DateValue } from '../values/base-value';
import { daysInMonth, fromDateParts } from './calendar';

// YYYY-MM-DD, optionally followed by T or a space, HH:mm, :ss, .SSS and a zone (Z, ±HH:mm, ±HHmm).
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses the date formats Bases documents: `YYYY-MM-DD` (a calendar date) and
 * `YYYY-MM-DD HH:mm:ss` (a date with time; `T` may replace the space, seconds and milliseconds
 * are optional). A time without a zone is read as UTC; `Z` or an offset such as `+02:00` is
 * honoured and converted to UTC. Returns null for anything else, or for impossible fields
 * (month 13, February 30, hour 24).
 */
export function parseDateText(text: string): DateValue | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (match === null) return null;
  const field = (index: number): number => Number(match[index] ?? '0');
  const parts = { year: field(1), month: field(2), day: field(3), hour: field(4), minute: field(5), second: field(6), millisecond: Number((match[7] ?? '').padEnd(3, '0')) };
  if (!isValidDay(parts.year, parts.month, parts.day) || parts.hour > 23 || parts.minute > 59 || parts.second > 59) return null;
  const offset = zoneOffsetMinutes(match[8]);
  if (offset === null) return null;
  return dateValue(fromDateParts(parts) - offset * 60_000, match[4] !== undefined);
}

function isValidDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Minutes east of UTC for `Z`, `+02:00` or `-0130`; 0 when absent; null when out of range. */
function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
