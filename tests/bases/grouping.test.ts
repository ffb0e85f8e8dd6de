import { MemoryHost, type MemoryFile } from './helpers/memory-host';
import { runBase } from './helpers/run-base';

// groupBy: each group appears once, whatever the sort. Sorting treats null, "" and [] alike
// (empty values last), so grouping does too: one group of empty values, keyed null.

function groupedBy(files: Record<string, MemoryFile>, view: string): Promise<{ groups: unknown; rows: unknown }> {
  return runBase(new MemoryHost(files), `views:\n  - type: table\n${view}`).then((result) => ({ groups: result.groups, rows: result.rows.map((row) => [row.path, row.group]) }));
}

describe('groupBy', () => {
  it('puts missing, empty text and empty list values in one group (they showed as null, "", null, [], null)', async () => {
    const files = { 'a.md': {}, 'b.md': { frontmatter: { status: '' } }, 'c.md': {}, 'd.md': { frontmatter: { status: [] } }, 'e.md': {} };
    expect(await groupedBy(files, '    groupBy:\n      property: status\n')).toEqual({
      groups: [{ key: null, count: 5 }],
      rows: [['a.md', null], ['b.md', null], ['c.md', null], ['d.md', null], ['e.md', null]],
    });
  });

  it('keeps each group together under any sort, empty values last in both directions', async () => {
    const files = { 'a.md': { frontmatter: { status: 'b' } }, 'b.md': { frontmatter: { status: 'a' } }, 'c.md': {}, 'd.md': { frontmatter: { status: 'b' } }, 'e.md': { frontmatter: { status: '' } } };
    const sort = '    sort:\n      - property: file.name\n        direction: DESC\n';
    expect(await groupedBy(files, `    groupBy:\n      property: status\n      direction: DESC\n${sort}`)).toEqual({
      groups: [
        { key: 'b', count: 2 },
        { key: 'a', count: 1 },
        { key: null, count: 2 },
      ],
      rows: [['d.md', 'b'], ['a.md', 'b'], ['b.md', 'a'], ['e.md', null], ['c.md', null]],
    });
  });

  it('groups links to one file together, whatever their text (links are == when they point at one file)', async () => {
    const files = { 'Alpha.md': {}, 'x.md': { frontmatter: { up: '[[Alpha]]' } }, 'y.md': { frontmatter: { up: '[[Alpha|A]]' } }, 'z.md': { frontmatter: { up: '[[Alpha.md]]' } } };
    const result = await groupedBy(files, '    groupBy:\n      property: up\n');
    expect(result.groups).toEqual([
      { key: '[[Alpha]]', count: 3 },
      { key: null, count: 1 },
    ]);
  });

  it('counts groups over the rows the limit keeps', async () => {
    const files = { 'a.md': { frontmatter: { n: 1 } }, 'b.md': { frontmatter: { n: 2 } }, 'c.md': { frontmatter: { n: 1 } }, 'd.md': { frontmatter: { n: 2 } } };
    expect((await groupedBy(files, '    limit: 3\n    groupBy:\n      property: n\n')).groups).toEqual([
      { key: 1, count: 2 },
      { key: 2, count: 1 },
    ]);
  });
});
