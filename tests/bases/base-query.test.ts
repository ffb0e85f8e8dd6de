import { expectIndxError } from '../helpers/expect-error';
import { createTempVault, type TempVault } from '../helpers/temp-vault';
import { baseQuery } from '../../src/core/ops/bases/base-query';
import { LIBRARY_VAULT } from './helpers/library-vault';

interface QueryOutput {
  path: string;
  etag: string;
  view: { name: string; type: string };
  views: string[];
  this_path: string;
  time_zone: string;
  columns: { id: string; name: string }[];
  rows: { path: string; values: Record<string, unknown>; formulas: Record<string, unknown>; group?: unknown }[];
  total: number;
  matched: number;
  next_cursor: string | null;
  groups: { key: unknown; count: number }[] | null;
  summaries: Record<string, unknown> | null;
  problems: { count: number; listed: { path: string; where: string; message: string }[] };
}

let vault: TempVault;
beforeAll(async () => {
  vault = await createTempVault(LIBRARY_VAULT);
});
afterAll(async () => {
  await vault.dispose();
});

async function query(input: Record<string, unknown>): Promise<QueryOutput> {
  return (await vault.engine.call('base_query', { path: 'Library.base', ...input })).output as QueryOutput;
}

describe('base_query', () => {
  it('says that dates are evaluated in UTC, in its description and in every result', async () => {
    expect(baseQuery.description).toContain('Dates are UTC');
    expect((await query({})).time_zone).toBe('UTC');
  });

  it('runs the first view by default: sorted, with column names, formulas and summaries', async () => {
    const output = await query({});
    expect(output).toMatchObject({ path: 'Library.base', view: { name: 'By rating', type: 'table' }, views: ['By rating', 'Grouped', 'Top two', 'Broken'], this_path: 'Library.base', time_zone: 'UTC', total: 5, matched: 5, next_cursor: null, groups: null });
    expect(output.columns).toEqual([
      { id: 'file.name', name: 'file name' },
      { id: 'note.rating', name: 'Stars' },
      { id: 'formula.label', name: 'label' },
    ]);
    // rating descending, the book without a rating last
    expect(output.rows.map((row) => [row.path, row.values['note.rating'], row.values['formula.label']])).toEqual([
      ['Books/A.md', 5, 'rated 50'],
      ['Books/C.md', 4, 'rated 40'],
      ['Books/B.md', 3, 'rated 30'],
      ['Books/E.md', 1, 'rated 10'],
      ['Books/D.md', null, 'unrated'],
    ]);
    expect(output.rows[0]?.formulas).toEqual({ score: 50, label: 'rated 50' });
    // Average of 5, 3, 4, 1; Sum of the scores; the base's own summary (pages × 2); true count
    expect(output.summaries).toEqual({ 'note.rating': 3.25, 'formula.score': 130, 'note.pages': 1200, 'note.read': 1 });
    expect(output.etag).toBe(vault.engine.etag(LIBRARY_VAULT['Library.base'] as string));
  });

  it('pages with limit and cursor over the same order', async () => {
    const first = await query({ limit: 2 });
    expect(first.rows.map((row) => row.path)).toEqual(['Books/A.md', 'Books/C.md']);
    const second = await query({ limit: 2, cursor: first.next_cursor });
    expect(second.rows.map((row) => row.path)).toEqual(['Books/B.md', 'Books/E.md']);
    const third = await query({ limit: 2, cursor: second.next_cursor });
    expect([third.rows.map((row) => row.path), third.next_cursor, third.total]).toEqual([['Books/D.md'], null, 5]);
    await expectIndxError(query({ cursor: 'not-a-cursor' }), 'invalid_input');
  });

  it('groups rows (groupBy), sorting inside each group, empty group last', async () => {
    const output = await query({ view: 'Grouped' });
    expect(output.rows.map((row) => [row.path, row.group])).toEqual([
      ['Books/D.md', 'fantasy'],
      ['Books/B.md', 'fantasy'],
      ['Books/C.md', 'scifi'],
      ['Books/A.md', 'scifi'],
      ['Books/E.md', null],
    ]);
    expect(output.groups).toEqual([
      { key: 'fantasy', count: 2 },
      { key: 'scifi', count: 2 },
      { key: null, count: 1 },
    ]);
    expect(output.columns).toEqual([
      { id: 'file.name', name: 'file name' },
      { id: 'note.genre', name: 'genre' },
    ]);
  });

  it("applies the view's limit before paging, and reports how many matched", async () => {
    const output = await query({ view: 'Top two', limit: 1 });
    expect([output.rows.map((row) => row.path), output.total, output.matched, output.columns]).toEqual([['Books/A.md'], 2, 5, [{ id: 'file.name', name: 'file name' }]]);
    const rest = await query({ view: 'Top two', limit: 1, cursor: output.next_cursor });
    expect([rest.rows.map((row) => row.path), rest.next_cursor]).toEqual([['Books/C.md'], null]);
  });

  it('leaves out rows whose filter fails to evaluate and lists why', async () => {
    const output = await query({ view: 'Broken' });
    expect([output.total, output.problems.count]).toEqual([0, 4]); // E has no genre: null.round() is null
    expect(output.problems.listed[0]).toEqual({ path: 'Books/A.md', where: 'filter genre.round() > 1', message: 'a string has no method round()' });
  });

  it('takes the path without .base, and this_path without .md', async () => {
    const output = await query({ path: 'Library', this_path: 'Books' });
    expect([output.path, output.this_path]).toEqual(['Library.base', 'Books.md']);
  });

  it('fails with not_found for a missing base, view or this_path', async () => {
    await expectIndxError(query({ path: 'Missing.base' }), 'not_found');
    expect(await expectIndxError(query({ view: 'Nope' }), 'not_found')).toMatchObject({ views: ['By rating', 'Grouped', 'Top two', 'Broken'] });
    await expectIndxError(query({ this_path: 'Nobody.md' }), 'not_found');
  });

  it('fails with base_unsupported naming the construct, and base_invalid saying where', async () => {
    expect(await expectIndxError(query({ path: 'Unsupported.base' }), 'base_unsupported')).toMatchObject({ construct: 'upper()', where: 'filters' });
    expect(await expectIndxError(query({ path: 'Invalid.base' }), 'base_invalid')).toMatchObject({ where: 'views[0].filters', position: 8 });
  });

  it('refuses paths outside the vault before reading anything', async () => {
    await expectIndxError(query({ path: '../outside.base' }), 'invalid_path');
    await expectIndxError(query({ path: '.obsidian/x.base' }), 'path_forbidden');
  });
});
