import fc from 'fast-check';
import { addDays, isCalendarDate, isoWeekLabel, mondayOf, startOfDay, toCalendarDate } from '../../../src/core/dates/calendar-date';

describe('calendar dates', () => {
  it.each([
    ['2026-01-01', '2026-W01'], // a Thursday: week 1 by the ISO rule
    ['2021-01-01', '2020-W53'], // a Friday: still the last week of 2020
    ['2024-12-30', '2025-W01'], // a Monday in the week holding 2025's first Thursday
    ['2026-11-21', '2026-W47'],
  ])('labels %s as ISO week %s', (date, label) => {
    expect(isoWeekLabel(date)).toBe(label);
  });

  it('finds the Monday of a week, and rejects impossible dates', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(['2026-02-29', '2026-13-01', '2026-04-31'].map(isCalendarDate)).toEqual([false, false, false]);
    expect(isCalendarDate('2024-02-29')).toBe(true);
  });

  it('round-trips dates through local midnight and steps days across month, year and DST edges', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }), fc.integer({ min: -400, max: 400 }), (instant, days) => {
        const date = toCalendarDate(instant);
        expect(isCalendarDate(date)).toBe(true);
        expect(toCalendarDate(startOfDay(date))).toBe(date);
        expect(addDays(addDays(date, days), -days)).toBe(date);
        const monday = mondayOf(date);
        expect(new Date(startOfDay(monday)).getDay()).toBe(1);
        expect(isoWeekLabel(monday)).toBe(isoWeekLabel(addDays(monday, 6)));
      }),
      { seed: 20261121, numRuns: 300 },
    );
  });
});
