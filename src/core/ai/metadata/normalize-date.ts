import { formatCalendarDate, isCalendarDate } from './calendar-date';

/** `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD`, optionally followed by an ISO 8601 time part. */
const DATE_FORM = /^(\d{4})([-/.])(\d{2})\2(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Normalises a model's date to `YYYY-MM-DD` (Obsidian's Date property), or returns null. Accepts
 * only unambiguous, year-first numeric forms (`2026-09-01`, `2026/09/01`, or an ISO 8601
 * date-time, whose date is taken as written) naming a real calendar day; prose ("yesterday",
 * "next Friday") and day/month orders that could be read two ways fail instead of being guessed.
 */
export function normalizeDate(text: string): string | null {
  const match = DATE_FORM.exec(text.trim());
  if (match === null) return null;
  const date = { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) };
  return isCalendarDate(date) ? formatCalendarDate(date) : null;
}
