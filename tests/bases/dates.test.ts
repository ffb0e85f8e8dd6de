import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { addCalendarMonths, daysInMonth, toDateParts } from '../../src/core/bases/dates/calendar';
import { formatDate } from '../../src/core/bases/dates/format-date';
import { parseDuration } from '../../src/core/bases/dates/duration';
import { expectEvaluationError, expectValue, type ValueCase } from './helpers/expectations';
import { openExpressionVault, type ExpressionVault } from './helpers/expression-harness';

// Dates are evaluated in UTC whatever the machine's zone (the clock is pinned to
// 2025-03-15T12:34:56.789Z); offsets written in a date string are honoured and converted.

let vault: ExpressionVault;
beforeAll(async () => {
  vault = await openExpressionVault();
});
afterAll(async () => {
  await vault.dispose();
});

describe('date arithmetic (Bases syntax, Date arithmetic)', () => {
  it.each<ValueCase>([
    ['date("2024-12-01") + "1M" + "4h" + "3m"', '2025-01-01T04:03:00.000Z'], // the syntax page's example
    ['(now() + "1d") - now()', 86_400_000], // "returns 86400000 milliseconds"
    ['now() + "1 day"', '2025-03-16T12:34:56.789Z'],
    ['today() + "7d"', '2025-03-22'],
    ['date("2024-01-31") + "1M"', '2024-02-29'], // month end, leap year: clamped
    ['date("2023-01-31") + "1M"', '2023-02-28'], // month end, common year
    ['date("2024-01-31") + "1M" + "1M"', '2024-03-29'], // clamping is not undone
    ['date("2024-03-31") - "1M"', '2024-02-29'],
    ['date("2024-02-29") + "1y"', '2025-02-28'],
    ['date("2024-02-29") + "4 years"', '2028-02-29'],
    ['date("2024-12-31") + "1d"', '2025-01-01'],
    ['date("2025-01-01") - "1s"', '2024-12-31T23:59:59.000Z'],
    ['date("2024-01-31 08:00:00") + "1M"', '2024-02-29T08:00:00.000Z'],
    ['date("2024-05-01") + "2w 3d"', '2024-05-18'],
    ['date("2024-05-01") + duration("1d") * 3', '2024-05-04'],
    ['date("2024-05-01") - duration("36h")', '2024-04-29T12:00:00.000Z'],
    ['(date("2024-03-01") - date("2024-02-01")).days', 29], // February of a leap year
    ['(date("2023-03-01") - date("2023-02-01")).days', 28],
    ['(date("2024-01-08") - date("2024-01-01")).weeks', 1],
    ['duration("36h").days', 1.5],
    ['duration("90m").hours', 1.5],
    ['duration("1y").months', 12],
    ['(date("2025-03-20") - date("2000-03-15")).years.floor()', 25], // the People.base age idiom
    ['(date("2024-09-01") - date("2024-06-01")).months.round()', 3], // the Products.base idiom; months of average length
    ['date("2024-03-10 12:00:00") - date("2024-03-09 12:00:00")', 86_400_000], // no DST in UTC
    ['date("2024-05-01") - "2024-04-30"', 86_400_000], // a date string on the right is a date
    ['-duration("1h")', -3_600_000],
    ['duration("1h") + duration("30m")', 5_400_000],
    ['duration("3h") / duration("1h")', 3],
    ['duration("1h") / 2', 1_800_000],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  // "Subtract two dates to get the millisecond difference": the difference keeps its duration
  // fields, and where it meets a plain number it is read as its milliseconds.
  it.each<ValueCase>([
    ['((now() - date("2025-03-10 12:34:56")) / 86400000).round()', 5], // days since, the numeric idiom
    ['now() - date("2025-03-15") + 5', 45_296_794], // 12:34:56.789 in ms, plus 5
    ['5 + (now() - today())', 45_296_794],
    ['(now() - today()).toFixed(0)', '45296789'],
    ['(now() - today()).floor()', 45_296_789],
    ['((now() - today()) / 3600000).ceil()', 13],
    ['(date("2025-01-01") - date("2025-01-02")).abs()', 86_400_000],
    ['86400000 / (date("2025-01-02") - date("2025-01-01"))', 1],
    ['(date("2025-01-02") - date("2025-01-01")) - 1000', 86_399_000],
    ['2 * duration("5h")', 36_000_000], // a number times a duration: milliseconds
    ['duration("1h") % 7', 5], // 3,600,000 = 7 × 514,285 + 5
    ['+duration("1h")', 3_600_000],
    ['max(duration("1h"), 5)', 3_600_000],
    ['(now() - today()).days.round(2)', 0.52], // the duration fields stay
    ['(date("2025-01-02") - date("2025-01-01")).isType("duration")', true],
  ])('%s', (source, expected) => expectValue(vault, source, expected));

  it.each([
    ['duration("1h") * duration("1h")', 'cannot compute duration * duration'],
    ['date("2024-01-01") + date("2024-01-02")', 'cannot compute date + date'],
    ['date("2024-01-01") - 5', 'cannot compute date - number'],
  ])('%s fails the evaluation', (source, fragment) => expectEvaluationError(vault, source, fragment));
});

describe('time zones: UTC pinned, offsets honoured', () => {
  it.each<ValueCase>([
    ['date("2025-01-31T23:30:00-02:00")', '2025-02-01T01:30:00.000Z'], // crosses a month end
    ['date("2025-01-31T23:30:00-02:00").month', 2],
    ['date("2025-01-31T23:30:00-02:00").day', 1],
    ['date("2025-03-01T00:30:00+01:00").month', 2], // Feb 28, 23:30 UTC
    ['date("2025-03-01T00:30:00+0100").day', 28],
    ['date("2025-01-01T00:00:00Z") == date("2024-12-31T19:00:00-05:00")', true],
    ['date("2024-12-31T23:00:00-01:00").year', 2025],
    ['date("2025-06-01T12:00:00+14:00").hour', 22],
    ['date("2025-06-01 12:00").hour', 12], // no zone: UTC
  ])('%s', (source, expected) => expectValue(vault, source, expected));
});

describe('date fields and methods (Functions, Date)', () => {
  it.each<ValueCase>([
    ['due.year', 2024],
    ['due.month', 2],
    ['due.day', 29],
    ['due.hour', 10],
    ['due.minute', 30],
    ['due.second', 0],
    ['now().millisecond', 789],
    ['now().date()', '2025-03-15'],
    ['now().date().format("YYYY-MM-DD HH:mm:ss")', '2025-03-15 00:00:00'],
    ['now().time()', '12:34:56'],
    ['date("2025-05-27").format("YYYY-MM-DD")', '2025-05-27'],
    ['(now() - "3d").relative()', '3 days ago'],
    ['(now() + "1M").relative()', 'in a month'],
    ['(now() - "10s").relative()', 'a few seconds ago'],
    ['(now() - "2h").relative()', '2 hours ago'],
    ['(now() - "400d").relative()', 'a year ago'],
    ['(now() - "800d").relative()', '2 years ago'],
    ['created.isEmpty()', false],
    ['created < date("2024-02-01")', true],
    ['created == "2024-01-31"', true], // a date string compares as the date
    ['created > "2024-01-01"', true],
    ['due > created', true],
  ])('%s', (source, expected) => expectValue(vault, source, expected));
});

describe('format(): Moment tokens', () => {
  const sunday = Date.UTC(2025, 0, 5, 14, 7, 9, 45);
  it.each([
    ['dddd, MMMM Do YYYY, h:mm:ss a', 'Sunday, January 5th 2025, 2:07:09 pm'],
    ['ddd MMM D YY', 'Sun Jan 5 25'],
    ['dd d E e', 'Su 0 7 0'],
    ['HH:mm:ss.SSS A', '14:07:09.045 PM'],
    ['S SS', '0 04'],
    ['Q Qo DDD DDDD', '1 1st 5 005'],
    ['[Week] W WW wo ww', 'Week 1 01 2nd 02'], // ISO week 1; English locale week 2 (weeks start Sunday)
    ['GGGG gggg', '2025 2025'],
    ['X x Z ZZ', '1736086029 1736086029045 +00:00 +0000'],
    ['k kk hh', '14 14 02'],
    ['[Today is] dddd [YYYY]', 'Today is Sunday YYYY'],
    ['YYYY/MM/DD', '2025/01/05'], // characters that are not tokens are kept
    ['YYYYY SSSS SSSSSS', '02025 0450 045000'],
    ['\\YYYY \\[Y] \\LL', 'YYYY [2025] LL'], // a backslash copies the token (or character) after it
  ])('%s', (pattern, expected) => {
    expect(formatDate(sunday, pattern)).toBe(expected);
  });

  // Moment's English (en) localized formats; they returned "LL" and friends as literal text.
  it.each([
    ['LT', '2:07 PM'],
    ['LTS', '2:07:09 PM'],
    ['L', '01/05/2025'],
    ['LL', 'January 5, 2025'],
    ['LLL', 'January 5, 2025 2:07 PM'],
    ['LLLL', 'Sunday, January 5, 2025 2:07 PM'],
    ['l', '1/5/2025'],
    ['ll', 'Jan 5, 2025'],
    ['lll', 'Jan 5, 2025 2:07 PM'],
    ['llll', 'Sun, Jan 5, 2025 2:07 PM'],
    ['[LL] LL', 'LL January 5, 2025'],
    ['dddd LT', 'Sunday 2:07 PM'],
  ])('%s', (pattern, expected) => {
    expect(formatDate(sunday, pattern)).toBe(expected);
  });

  it.each(['N', 'NNNN', 'y', 'yyyy', 'yo', 'z', 'zz', '[week] YYYY N'])('the Moment token in %s that indx does not implement fails the evaluation', (pattern) => {
    expectEvaluationError(vault, `now().format("${pattern}")`, 'does not support the Moment token');
  });

  it('numbers ISO weeks and day of year across the year end', () => {
    const monday = Date.UTC(2024, 11, 30);
    expect(formatDate(monday, 'GGGG-[W]WW DDDD')).toBe('2025-W01 365');
    expect(formatDate(Date.UTC(2024, 11, 31), 'DDDD Do')).toBe('366 31st');
    expect(formatDate(Date.UTC(2021, 0, 3), 'GGGG-[W]WW gggg-[w]ww')).toBe('2020-W53 2021-w02');
    expect(formatDate(Date.UTC(2025, 0, 1, 0, 5), 'k:mm h A')).toBe('24:05 12 AM');
  });
});

describe('durations', () => {
  it.each([
    ['1M', 1, 0],
    ['1m', 0, 60_000],
    ['2 hours', 0, 7_200_000],
    ['3w', 0, 1_814_400_000],
    ['1y 2M', 14, 0],
    ['1 Day', 0, 86_400_000],
    ['-1d', 0, -86_400_000],
    ['1d, 2h', 0, 93_600_000],
  ])('"%s"', (text, months, milliseconds) => {
    expect(parseDuration(text)).toEqual({ kind: 'duration', months, milliseconds });
  });

  it.each(['', 'soon', '1', 'd', '1 fortnight', '1d junk', '1ms'])('"%s" is not a duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('calendar properties (seeded)', () => {
  const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) });

  it('adding months never overflows into the following month and keeps the time of day', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -240, max: 240 }), (time, months) => {
        const before = toDateParts(time);
        const after = toDateParts(addCalendarMonths(time, months));
        const index = before.year * 12 + before.month - 1 + months;
        expect([after.year, after.month]).toEqual([Math.floor(index / 12), (index % 12 + 12) % 12 + 1]);
        expect(after.day).toBe(Math.min(before.day, daysInMonth(after.year, after.month)));
        expect([after.hour, after.minute, after.second, after.millisecond]).toEqual([before.hour, before.minute, before.second, before.millisecond]);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('the machine time zone does not matter', () => {
  // Jest workers cannot switch the process time zone, so this checks the source instead: the
  // Bases code reads and builds dates only with UTC methods, never with local-time ones.
  it('uses no local-time Date method anywhere in src/core/bases', async () => {
    const root = join(__dirname, '../../src/core/bases');
    const files = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(40);
    const local = /\.(?:get|set)(?:FullYear|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds|TimezoneOffset)\(|toLocale\w*\(|Date\.parse\(|new Date\((?!Date\.UTC)[^)]*,/;
    const offenders: string[] = [];
    for (const file of files) {
      for (const [index, line] of (await readFile(join(root, file), 'utf8')).split('\n').entries()) if (local.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
    }
    expect(offenders).toEqual([]);
  });
});
