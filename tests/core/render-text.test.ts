import { renderFields } from '../../src/core/ops/render/render-fields';
import { renderHits } from '../../src/core/ops/render/render-hits';
import { renderNote } from '../../src/core/ops/render/render-note';
import { renderNotes } from '../../src/core/ops/render/render-notes';

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

test('renderNote: lines asked for follow a header naming the range; a range past the end says so', () => {
  const etag = '0123456789abcdef';
  expect(renderNote({ path: 'a.md', etag, lines: '2: x\n3: y\n', from_line: 2, to_line: 3, total_lines: 5 }, 'Read.')).toBe('a.md (etag 0123456789abcdef) lines 2–3 of 5\n2: x\n3: y\n');
  expect(renderNote({ path: 'a.md', etag, lines: '', from_line: 9, to_line: 5, total_lines: 5 }, 'Read.')).toBe('a.md (etag 0123456789abcdef) no lines from 9: the file has 5\n');
});

test('renderNotes: each note under a ==> path <== line, a cut body saying where to read on, then the skipped paths', () => {
  const etag = '0123456789abcdef';
  const output = { notes: [{ path: 'a.md', etag, frontmatter: null, body: '# A\none', truncated: true, next_line: 3 }, { path: 'b.md', etag, body: 'b\n' }], skipped: [{ path: 'c.md', code: 'not_found', reason: 'No file.' }], total: 3, next_cursor: null };
  expect(renderNotes(output, 'Read 2 notes, skipped 1, 1 truncated.')).toBe(
    ['Read 2 notes, skipped 1, 1 truncated.', '==> a.md (etag 0123456789abcdef) <==', '# A', 'one', '…(truncated at max_bytes; note_read with from_line 3 reads on)', '==> b.md (etag 0123456789abcdef) <==', 'b', 'skipped (1):', '- path: c.md · code: not_found · reason: No file.', 'total: 3', 'next_cursor: null'].join('\n'),
  );
});

test('renderHits: numbered hits with path, title, score, section and tags, each snippet on its own line', () => {
  const hit = { path: 'P/Plan.md', title: 'Plan', score: 0.5, snippet: 'the **plan**', heading: 'Goals', line: 2, tags: ['work'] };
  expect(renderHits({ results: [hit, { ...hit, path: 'Top.md', heading: null, line: 0, tags: [] }] }, 'Found 2.')).toBe(
    ['Found 2.', '1. P/Plan.md — Plan (score 0.500; # Goals, line 2) · tags: work', '   the **plan**', '2. Top.md — Plan (score 0.500; top, line 0)', '   the **plan**'].join('\n'),
  );
});
