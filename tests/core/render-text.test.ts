import { renderFields } from '../../src/core/ops/render/render-fields';
import { renderHits } from '../../src/core/ops/render/render-hits';
import { renderNote } from '../../src/core/ops/render/render-note';

// The text a content-first MCP client shows a model (issue 13): the payload, compact and
// deterministic, one renderer per output shape.

test('renderFields: the summary, then each field; lists one item per line, long or multi-line text as a block', () => {
  const text = renderFields({ path: 'a.md', tags: ['x', 'y'], empty: [], items: [{ name: 'one', note: 'two\nlines', at: { line: 3 } }], body: 'first\nsecond', skipped: undefined }, 'Did it.');
  expect(text).toBe(['Did it.', 'path: a.md', 'tags: x, y', 'empty: (none)', 'items (1):', '- name: one · note: "two\\nlines" · at: {"line":3}', 'body:', 'first\nsecond'].join('\n'));
  expect(renderFields({ b: 1, a: 2 }, 's')).toBe('s\nb: 1\na: 2');
});

test('renderFields: an object lists its fields indented below its name; long list items go one per line', () => {
  const long = 'a key point long enough to need a line of its own';
  expect(renderFields({ summary: { tldr: 'Short.', key_points: [long, 'second'], usage: { calls: 1 } } }, 'Summarized.')).toBe(
    ['Summarized.', 'summary:', '  tldr: Short.', '  key_points (2):', `  - ${long}`, '  - second', '  usage: {"calls":1}'].join('\n'),
  );
});

test('renderNote: a header with path and etag, the frontmatter as YAML, the body as it is', () => {
  expect(renderNote({ path: 'a.md', etag: '0123456789abcdef', frontmatter: { tags: ['x'], status: 'draft' }, body: '# A\n\ntext\n' }, 'Read a.md.')).toBe('a.md (etag 0123456789abcdef)\n---\ntags:\n  - x\nstatus: draft\n---\n# A\n\ntext\n');
  expect(renderNote({ path: 'a.md', etag: '0123456789abcdef', frontmatter: null, body: 'x\n' }, 'Read a.md.')).toBe('a.md (etag 0123456789abcdef)\nx\n');
});

test('renderHits: numbered hits with path, title, score, section and tags, each snippet on its own line', () => {
  const hit = { path: 'P/Plan.md', title: 'Plan', score: 0.5, snippet: 'the **plan**', heading: 'Goals', line: 2, tags: ['work'] };
  expect(renderHits({ results: [hit, { ...hit, path: 'Top.md', heading: null, line: 0, tags: [] }] }, 'Found 2.')).toBe(
    ['Found 2.', '1. P/Plan.md — Plan (score 0.500; # Goals, line 2) · tags: work', '   the **plan**', '2. Top.md — Plan (score 0.500; top, line 0)', '   the **plan**'].join('\n'),
  );
});
