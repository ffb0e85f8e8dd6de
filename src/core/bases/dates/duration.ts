import { dateValue, durationValue, type DateValue, type DurationValue } from '../values/base-value';
import { addCalendarMonths, DAY_MS, MONTH_MS } from './calendar';

/**
 * Durations as Bases documents them ("Date arithmetic"): `"1M"`, `"2 hours"`, `"3w"`, and
 * sequences such as `"1d 4h"`. Years and months are calendar units (added with month-end
 * clamping); weeks and shorter are exact milliseconds. Fields such as `.days` are total
 * amounts in that unit, fractions kept, converting months at Moment's average month length.
 */

const MONTH = { months: 1, milliseconds: 0 };
const UNITS: Record<string, { months: number; milliseconds: number }> = {
  y: { months: 12, milliseconds: 0 },
  M: MONTH,
  w: { months: 0, milliseconds: 7 * DAY_MS },
  d: { months: 0, milliseconds: DAY_MS },
  h: { months: 0, milliseconds: 3_600_000 },
  m: { months: 0, milliseconds: 60_000 },
  s: { months: 0, milliseconds: 1_000 },
};
const WORDS: Record<string, string> = { year: 'y', month: 'M', week: 'w', day: 'd', hour: 'h', minute: 'm', second: 's' };
const TERM = /[\s,]*([+-]?\d+(?:\.\d+)?)\s*([a-zA-Z]+)/y;

/** Parses a duration string; null when it is not one (the unit letters `M` and `m` differ). */
export function parseDuration(text: string): DurationValue | null {
  const source = text.trim();
  let position = 0;
  let months = 0;
  let milliseconds = 0;
  while (position < source.length) {
    TERM.lastIndex = position;
    const match = TERM.exec(source);
    const unit = match === null ? null : unitOf(match[2] ?? '');
    if (match === null || unit === null) return null;
    months += Number(match[1]) * unit.months;
    milliseconds += Number(match[1]) * unit.milliseconds;
    position = TERM.lastIndex;
  }
  return position === 0 ? null : normalizeDuration(months, milliseconds);
}

/** `y`/`M`/`w`/`d`/`h`/`m`/`s` as written, or a unit word in any case, singular or plural. */
function unitOf(name: string): { months: number; milliseconds: number } | null {
  if (name.length === 1) return UNITS[name] ?? null;
  const word = name.toLowerCase().replace(/s$/, '');
  const letter = WORDS[word];
  return letter === undefined ? null : (UNITS[letter] ?? null);
}

/** A duration with whole calendar months; a fraction of a month becomes milliseconds. */
export function normalizeDuration(months: number, milliseconds: number): DurationValue {
  const whole = Math.trunc(months);
  return durationValue(whole, milliseconds + (months - whole) * MONTH_MS);
}

/** `date + sign × duration`: months first (clamped to month ends), then the exact part. */
export function addDuration(date: DateValue, duration: DurationValue, sign: 1 | -1): DateValue {
  const time = addCalendarMonths(date.time, sign * duration.months) + sign * duration.milliseconds;
  return dateValue(time, date.hasTime || duration.milliseconds % DAY_MS !== 0);
}

/** The whole duration in milliseconds (months at the average month length). */
export function durationMilliseconds(duration: DurationValue): number {
  return duration.months * MONTH_MS + duration.milliseconds;
}

const FIELD_SIZES: Record<string, number> = {
  years: 12 * MONTH_MS,
  months: MONTH_MS,
  weeks: 7 * DAY_MS,
  days: DAY_MS,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1_000,
  milliseconds: 1,
};

/** The names `duration.<field>` accepts. */
export const DURATION_FIELDS: readonly string[] = Object.keys(FIELD_SIZES);

/** `duration.days` and friends: the total amount in that unit, or null for an unknown field. */
export function durationField(duration: DurationValue, field: string): number | null {
  const size = FIELD_SIZES[field];
  return size === undefined ? null : durationMilliseconds(duration) / size;
}

/** ISO 8601 text such as `P1M2DT3H` (`-P1D` when negative, `PT0S` when zero). */
export function durationToText(duration: DurationValue): string {
  const negative = durationMilliseconds(duration) < 0;
  const months = Math.abs(duration.months);
  let rest = Math.abs(duration.milliseconds);
  const take = (size: number): number => {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    return amount;
  };
  const [days, hours, minutes] = [take(DAY_MS), take(3_600_000), take(60_000)];
  const date = `${part(Math.floor(months / 12), 'Y')}${part(months % 12, 'M')}${part(days, 'D')}`;
  const time = `${part(hours, 'H')}${part(minutes, 'M')}${part(rest / 1000, 'S')}`;
  const text = `P${date}${time === '' ? '' : `T${time}`}`;
  return text === 'P' ? 'PT0S' : `${negative ? '-' : ''}${text}`;
}

function part(amount: number, unit: string): string {
  return amount === 0 ? '' : `${amount}${unit}`;
}
