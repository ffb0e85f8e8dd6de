import { applyTextEdits } from '../../src/core/links/apply-text-edits';

describe('applyTextEdits', () => {
  it('applies edits in any order and counts the ones that change bytes', () => {
    const result = applyTextEdits('abcdef', [
      { start: 4, end: 5, replacement: 'E' },
      { start: 0, end: 1, replacement: 'AA' },
      { start: 2, end: 3, replacement: 'c' },
    ]);
    expect(result).toEqual({ text: 'AAbcdEf', applied: 2 });
  });

  it('drops an edit that overlaps an earlier one', () => {
    expect(applyTextEdits('abcdef', [{ start: 1, end: 4, replacement: 'X' }, { start: 2, end: 3, replacement: 'Y' }])).toEqual({ text: 'aXef', applied: 1 });
  });
});
