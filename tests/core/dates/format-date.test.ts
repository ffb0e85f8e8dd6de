import fc from 'fast-check';
import moment from 'moment';
import { formatDate } from '../../../src/core/dates/format-date';

// Our moment-style formatter against moment itself (the English locale Obsidian's moment uses by
// default): every token users put in daily note formats and templates, alone and mixed with
// literals, escapes and folder separators, over dates from year 1000 to 9999.

const TOKENS = [
  'YYYY', 'YY', 'Y', 'YYYYY', 'YYYYYY', 'Q', 'Qo', 'M', 'MM', 'MMM', 'MMMM', 'Mo', 'D', 'DD', 'Do', 'DDD', 'DDDD', 'DDDo',
  'd', 'dd', 'ddd', 'dddd', 'do', 'E', 'e', 'w', 'ww', 'wo', 'W', 'WW', 'Wo', 'gg', 'gggg', 'ggggg', 'GG', 'GGGG', 'GGGGG',
  'H', 'HH', 'h', 'hh', 'k', 'kk', 'm', 'mm', 's', 'ss', 'S', 'SS', 'SSS', 'SSSS', 'SSSSSSSSS', 'A', 'a', 'X', 'x', 'Z', 'ZZ', 'z', 'zz',
  'hmm', 'hmmss', 'Hmm', 'Hmmss', 'N', 'NNNN', 'y', 'yo', 'yy', 'yyyy', 'LT', 'LTS', 'L', 'LL', 'LLL', 'LLLL', 'l', 'll', 'lll', 'llll',
];

/** Text between tokens: separators, folder slashes, escapes, bracketed words (a `]` inside too). */
const LITERALS = ['-', '/', ' ', '.', ', ', '_', ':', '[W]', '[Week] ', '[a]b]', '\\Y', '\\[', '[', ']', '|', 'w|', 'T', '@', '#', 'ü', '[]'];

const instants = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true });
const formats = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.constantFrom(...LITERALS)), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));

describe('formatDate writes what moment writes', () => {
  it('for every token alone, on any date', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...TOKENS), (date, token) => {
        expect([token, formatDate(date, token)]).toEqual([token, moment(date).format(token)]);
      }),
      { numRuns: 3000 },
    );
  });

  it('for formats mixing tokens, literals, escapes and folders', () => {
    fc.assert(
      fc.property(instants, formats, (date, format) => {
        expect([format, formatDate(date, format)]).toEqual([format, moment(date).format(format)]);
      }),
      { numRuns: 3000 },
    );
  });

  it('for week numbers around every new year of four centuries (weeks 52, 53 and 1)', () => {
    for (let year = 1900; year <= 2300; year += 1) {
      for (const day of [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6]) {
        const date = new Date(year, 0, 1 + day, 12);
        const format = 'gggg-[W]ww e GGGG-[W]WW E';
        expect(formatDate(date, format)).toBe(moment(date).format(format));
      }
    }
  });

  it('for the formats Obsidian users write', () => {
    const date = new Date(2026, 10, 21, 9, 5, 7, 42);
    const cases: [string, string][] = [
      ['YYYY-MM-DD', '2026-11-21'],
      ['YYYY/MM/YYYY-MM-DD', '2026/11/2026-11-21'],
      ['YYYY/MMMM/dddd, MMMM Do YYYY', '2026/November/Saturday, November 21st 2026'],
      ['gggg-[W]ww', '2026-W47'],
      ['GGGG-[W]WW', '2026-W47'],
      ['[Journal] YY.MM.DD ddd', 'Journal 26.11.21 Sat'],
      ['h:mm A', '9:05 AM'],
      ['HH:mm:ss', '09:05:07'],
      ['', ''],
    ];
    for (const [format, expected] of cases) expect([format, formatDate(date, format)]).toEqual([format, expected]);
  });
});
