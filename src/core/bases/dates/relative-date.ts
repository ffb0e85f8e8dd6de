import { DAY_MS, MONTH_MS } from './calendar';

/**
 * `date.relative()`: Moment's English `fromNow()` ("3 days ago", "in a month"), with its
 * thresholds: under 45 seconds "a few seconds", under 45 minutes minutes, under 22 hours hours,
 * under 26 days days, under 11 months months, then years; each amount rounded.
 */
export function describeRelative(time: number, now: number): string {
  const difference = time - now;
  const phrase = amountPhrase(Math.abs(difference));
  return difference > 0 ? `in ${phrase}` : `${phrase} ago`;
}

function amountPhrase(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  const minutes = Math.round(milliseconds / 60_000);
  const hours = Math.round(milliseconds / 3_600_000);
  const days = Math.round(milliseconds / DAY_MS);
  const months = Math.round(milliseconds / MONTH_MS);
  const years = Math.round(milliseconds / (12 * MONTH_MS));
  if (seconds < 45) return 'a few seconds';
  if (minutes < 45) return counted(minutes, 'a minute', 'minutes');
  if (hours < 22) return counted(hours, 'an hour', 'hours');
  if (days < 26) return counted(days, 'a day', 'days');
  if (months < 11) return counted(months, 'a month', 'months');
  return counted(years, 'a year', 'years');
}

function counted(amount: number, one: string, unit: string): string {
  return amount <= 1 ? one : `${amount} ${unit}`;
}
