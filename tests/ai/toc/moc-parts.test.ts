import { buildMoc } from '../../../src/core/ai/toc/build-moc';
import { capGroups } from '../../../src/core/ai/toc/cap-groups';
import { groupNotes } from '../../../src/core/ai/toc/group-notes';
import { titleGroups } from '../../../src/core/ai/toc/title-groups';
import { toTopicGroups } from '../../../src/core/ai/toc/topic-groups';
import { toSnapshot } from '../../../src/core/ai/scope/read-scope-notes';

const etag = () => '0123456789abcdef';
const note = (path: string, text: string) => toSnapshot(path, text, etag);

describe('groupNotes', () => {
  const notes = [
    note('Projects/A.md', '---\ntags: [project, infra]\nstatus: active\n---\nBody #later\n'),
    note('Projects/B.md', 'Only a body tag #infra\n'),
    note('C.md', '---\nstatus: [done, archived]\n---\nno tags\n'),
  ];

  it('by tag: the first tag, frontmatter tags before body tags as Obsidian lists them; notes without one go to "Untagged"', () => {
    expect(groupNotes(notes, { by: 'tag' })).toEqual([
      { key: 'infra', paths: ['Projects/B.md'] },
      { key: 'project', paths: ['Projects/A.md'] },
      { key: '', paths: ['C.md'], title: 'Untagged', rank: 1 },
    ]);
  });

  it('by folder: the parent folder, the vault root as the empty key', () => {
    expect(groupNotes(notes, { by: 'folder' }).map((group) => [group.key, group.paths])).toEqual([
      ['', ['C.md']],
      ['Projects', ['Projects/A.md', 'Projects/B.md']],
    ]);
  });

  it('by frontmatter: a list property groups by its first item; notes without it go to "No <key>"', () => {
    expect(groupNotes(notes, { by: 'frontmatter', key: 'status' })).toEqual([
      { key: 'active', paths: ['Projects/A.md'] },
      { key: 'done', paths: ['C.md'] },
      { key: '', paths: ['Projects/B.md'], title: 'No status', rank: 1 },
    ]);
  });
});

describe('capGroups', () => {
  const groups = [
    { key: 'a', paths: ['1'] },
    { key: 'b', paths: ['2', '3', '4'] },
    { key: 'c', paths: ['5', '6'] },
    { key: 'd', paths: ['7'] },
  ];

  it('keeps every group when they fit', () => {
    expect(capGroups(groups, 4)).toEqual(groups);
  });

  it('keeps the largest max-1 groups (ties by key) and merges the rest into a last "Other"', () => {
    expect(capGroups(groups, 3)).toEqual([groups[1], groups[2], { key: '\u0000other', paths: ['1', '7'], title: 'Other', rank: 2 }]);
  });

  it('counts leftover notes as one more group, and puts them first in "Other"', () => {
    expect(capGroups(groups.slice(0, 2), 3, ['9'])).toEqual([groups[0], groups[1], expect.objectContaining({ title: 'Other', paths: ['9'] })]);
    expect(capGroups(groups.slice(0, 3), 3, ['9']).at(-1)).toEqual(expect.objectContaining({ paths: ['9', '1'] }));
  });
});

describe('toTopicGroups', () => {
  it('keeps scope notes only (adding .md where missing), first topic wins, leftovers returned, unknown paths warned once', () => {
    const grouping = toTopicGroups(
      [
        { title: ' Sync\nengine ', paths: ['A.md', 'Ghost.md', 'B'] },
        { title: 'Storage', paths: ['B.md'] },
        { title: '', paths: ['C.md'] },
      ],
      ['A.md', 'B.md', 'C.md', 'D.md'],
    );
    expect(grouping.groups).toEqual([
      { key: 'Sync engine', title: 'Sync engine', paths: ['A.md', 'B.md'] },
      { key: 'Untitled topic', title: 'Untitled topic', paths: ['C.md'] },
    ]);
    expect(grouping.leftover).toEqual(['D.md']);
    expect(grouping.warnings).toEqual([expect.objectContaining({ code: 'citation_invalid', details: { paths: ['Ghost.md'] } })]);
  });
});

describe('titleGroups', () => {
  it('uses fixed titles, then the model\'s, then one made from the key; sorts by title with "Untagged" and "Other" last', () => {
    const titled = titleGroups(
      [
        { key: '', paths: ['x'], title: 'Untagged', rank: 1 },
        { key: 'zeta', paths: ['z'] },
        { key: 'infra', paths: ['i'] },
        { key: 'o', paths: ['o'], title: 'Other', rank: 2 },
        { key: 'alpha', paths: ['a'] },
      ],
      new Map([
        ['infra', '## Infrastructure\n'],
        ['zeta', '  '],
      ]),
      'tag',
    );
    expect(titled.map((group) => group.title)).toEqual(['#alpha', '#zeta', 'Infrastructure', 'Untagged', 'Other']);
  });

  it('names the root folder "Top level" when the model gives no title', () => {
    expect(titleGroups([{ key: '', paths: ['a'] }], new Map(), 'folder')[0]?.title).toBe('Top level');
  });
});

describe('buildMoc', () => {
  it('writes "# title", one "## group" section per group, sorted wikilink items with summaries, and "…and N more"', () => {
    const moc = buildMoc({
      title: 'Projects',
      groups: [
        { title: 'Infra', paths: ['b/Zed.md', 'a/alpha.md', 'Beta.md'] },
        { title: 'Other', paths: ['Solo.md'] },
      ],
      maxPerGroup: 2,
      summaries: new Map([['a/alpha.md', 'The first one.']]),
      linkPathOf: (path) => path.replace(/\.md$/, ''),
    });
    expect(moc.markdown).toBe(['# Projects', '', '## Infra', '- [[a/alpha]] — The first one.', '- [[Beta]]', '- …and 1 more', '', '## Other', '- [[Solo]]', ''].join('\n'));
    expect(moc.listed).toEqual(['a/alpha.md', 'Beta.md', 'Solo.md']);
    expect(moc.tree[0]).toEqual({
      title: 'Infra',
      children: [{ title: 'alpha', path: 'a/alpha.md', description: 'The first one.' }, { title: 'Beta', path: 'Beta.md' }, { title: '…and 1 more' }],
    });
  });
});
