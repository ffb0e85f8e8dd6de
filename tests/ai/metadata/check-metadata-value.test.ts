import fc from 'fast-check';
import { checkMetadataValue } from '../../../src/core/ai/metadata/check-metadata-value';
import type { MetadataFieldSpec } from '../../../src/core/ai/metadata/metadata-field-spec';
import { normalizeDate } from '../../../src/core/ai/metadata/normalize-date';
import { normalizeDateTime } from '../../../src/core/ai/metadata/normalize-date-time';

const field = (spec: Partial<MetadataFieldSpec> & Pick<MetadataFieldSpec, 'type'>): MetadataFieldSpec => ({ key: 'k', ...spec });

describe('normalizeDate', () => {
  // Obsidian's Date property is YYYY-MM-DD; other unambiguous year-first forms are normalised to it.
  it.each([
    ['2026-09-01', '2026-09-01'],
    ['2026/09/01', '2026-09-01'],
    [' 2026.09.01 ', '2026-09-01'],
    ['2026-09-01T10:00:00+02:00', '2026-09-01'],
    ['2024-02-29', '2024-02-29'],
  ])('%s → %s', (input, expected) => expect(normalizeDate(input)).toBe(expected));

  it.each(['yesterday', 'next Friday', '01/09/2026', '2026-02-30', '2023-02-29', '2026-13-01', '2026-9-1', '2026-09-01x', '2026-09/01'])('rejects %s rather than guessing', (input) => {
    expect(normalizeDate(input)).toBeNull();
  });

  it('keeps every real calendar date, and only those (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (year, month, day) => {
        const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const probe = new Date(0);
        probe.setUTCFullYear(year, month - 1, day);
        const real = probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
        expect(normalizeDate(text)).toBe(real ? text : null);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('normalizeDateTime', () => {
  it.each([
    ['2026-05-03T14:30:00Z', '2026-05-03T14:30:00Z'],
    ['2026-05-03T14:30Z', '2026-05-03T14:30:00Z'],
    ['2026-05-03T14:30:00.789Z', '2026-05-03T14:30:00Z'],
    ['2026-05-03T01:30:00+02:00', '2026-05-02T23:30:00Z'],
    ['2026-12-31T23:30:00-01:00', '2027-01-01T00:30:00Z'],
    ['2026-05-03 14:30:00+0530', '2026-05-03T09:00:00Z'],
  ])('%s → %s', (input, expected) => expect(normalizeDateTime(input)).toBe(expected));

  it.each(['2026-05-03T14:30:00', '2026-05-03', 'tomorrow at noon', '2026-05-03T24:00:00Z', '2026-02-30T10:00:00Z', '2026-05-03T10:00:00+25:00'])('rejects %s (no zone, not a time, or not real)', (input) => {
    expect(normalizeDateTime(input)).toBeNull();
  });

  it('agrees with Date for every instant it accepts (seeded)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -14 * 60, max: 14 * 60 }), (instant, offset) => {
        const shifted = new Date(instant.getTime() + offset * 60_000);
        const sign = offset < 0 ? '-' : '+';
        const zone = `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
        const text = `${shifted.toISOString().slice(0, 19)}${zone}`;
        expect(normalizeDateTime(text)).toBe(`${new Date(Math.floor(instant.getTime() / 1000) * 1000).toISOString().slice(0, 19)}Z`);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});

describe('checkMetadataValue', () => {
  it('normalises dates and date-times', () => {
    expect(checkMetadataValue(field({ type: 'date' }), '2026/09/01')).toEqual({ ok: true, value: '2026-09-01' });
    expect(checkMetadataValue(field({ type: 'datetime' }), '2026-09-01T10:00:00+02:00')).toEqual({ ok: true, value: '2026-09-01T08:00:00Z' });
  });

  it('matches enums exactly: a near-miss in case or spacing fails', () => {
    const status = field({ type: 'enum', enum: ['idea', 'active', 'done'] });
    expect(checkMetadataValue(status, 'active')).toEqual({ ok: true, value: 'active' });
    for (const nearMiss of ['Active', 'active ', 'actve']) expect(checkMetadataValue(status, nearMiss).ok).toBe(false);
  });

  it('enforces the pattern on strings and string list items', () => {
    const code = field({ type: 'string', pattern: '^[A-Z]{3}-\\d+$' });
    expect(checkMetadataValue(code, 'ABC-12').ok).toBe(true);
    const failed = checkMetadataValue(code, 'abc-12');
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error).toContain('does not match the pattern');
    expect(checkMetadataValue(field({ type: 'list', pattern: '^#?\\w+$' }), ['ok', 'not ok']).ok).toBe(false);
  });

  it('checks number bounds and list lengths with min/max', () => {
    const score = field({ type: 'number', min: 1, max: 5 });
    expect(checkMetadataValue(score, 5)).toEqual({ ok: true, value: 5 });
    expect(checkMetadataValue(score, 6).ok).toBe(false);
    expect(checkMetadataValue(score, 0).ok).toBe(false);
    const people = field({ type: 'list', max: 2 });
    expect(checkMetadataValue(people, ['a', 'b']).ok).toBe(true);
    expect(checkMetadataValue(people, ['a', 'b', 'c']).ok).toBe(false);
  });

  it('never coerces across types', () => {
    expect(checkMetadataValue(field({ type: 'number' }), '3').ok).toBe(false);
    expect(checkMetadataValue(field({ type: 'boolean' }), 'true').ok).toBe(false);
    expect(checkMetadataValue(field({ type: 'string' }), 3).ok).toBe(false);
    expect(checkMetadataValue(field({ type: 'list' }), 'a').ok).toBe(false);
    expect(checkMetadataValue(field({ type: 'number' }), Number.NaN).ok).toBe(false);
  });

  it('checks and normalises each item of a typed list', () => {
    expect(checkMetadataValue(field({ type: 'list', list_item_type: 'date' }), ['2026/01/02', '2026-03-04'])).toEqual({ ok: true, value: ['2026-01-02', '2026-03-04'] });
    const failed = checkMetadataValue(field({ type: 'list', list_item_type: 'number' }), [1, 'two']);
    expect(failed).toEqual({ ok: false, error: expect.stringContaining('item 1') as unknown });
  });
});
