import { insertAfterHeading, insertBeforeHeading } from '../../src/core/markdown/insert-at-heading';
import { renameHeading } from '../../src/core/markdown/rename-heading';
import { replaceSection } from '../../src/core/markdown/replace-section';
import { thrownIndxError } from './thrown-indx-error';

const note = [
  '---',
  'status: draft',
  '---',
  '# Spec',
  '',
  'Intro text.',
  '',
  '## Open questions',
  '- first question',
  '',
  '### Details',
  'Detail text.',
  '',
  '## Decisions',
  'We decided.',
  '',
].join('\n');


describe('insert_after_heading', () => {
  it('inserts on the line right after the heading (worked example §8.1)', () => {
    const result = insertAfterHeading(note, '## Open questions', '- [ ] decide on cursor scheme\n');
    expect(result).toBe(note.replace('## Open questions\n', '## Open questions\n- [ ] decide on cursor scheme\n'));
  });

  it('adds the missing line break so the markdown sits on its own line', () => {
    expect(insertAfterHeading(note, 'Decisions', 'New first line')).toBe(note.replace('## Decisions\n', '## Decisions\nNew first line\n'));
  });

  it('adds a line break after a heading that ends the file without one', () => {
    expect(insertAfterHeading('# A\ntext\n## Last', 'Last', 'x')).toBe('# A\ntext\n## Last\nx\n');
  });

  it('writes CRLF line breaks into a CRLF note', () => {
    expect(insertAfterHeading('# A\r\nold\r\n', 'A', 'one\ntwo')).toBe('# A\r\none\r\ntwo\r\nold\r\n');
    expect(insertBeforeHeading('x\r\n# A\r\n', 'A', 'y\n')).toBe('x\r\ny\r\n# A\r\n');
  });

  it('refuses blank markdown with invalid_input', () => {
    expect(thrownIndxError(() => insertAfterHeading(note, 'Decisions', ' \n')).code).toBe('invalid_input');
  });
});

describe('insert_before_heading', () => {
  it('inserts on its own line(s) just above the heading line', () => {
    const result = insertBeforeHeading(note, 'Decisions', 'See also: [[Other]]\n\n');
    expect(result).toBe(note.replace('## Decisions\n', 'See also: [[Other]]\n\n## Decisions\n'));
  });

  it('inserts above the first line of a setext heading', () => {
    const text = 'Intro\n\nTitle\n=====\nBody\n';
    expect(insertBeforeHeading(text, 'Title', 'Above')).toBe('Intro\n\nAbove\nTitle\n=====\nBody\n');
    expect(insertAfterHeading(text, 'Title', 'Below')).toBe('Intro\n\nTitle\n=====\nBelow\nBody\n');
  });
});

describe('heading resolution', () => {
  const duplicated = ['# A', '## Sub', 'a text', '# B', '## Sub', 'b text', ''].join('\n');

  it('refuses a heading text that occurs twice with heading_ambiguous and lists both paths', () => {
    const error = thrownIndxError(() => replaceSection(duplicated, 'Sub', 'x'));
    expect(error.code).toBe('heading_ambiguous');
    expect(error.details).toEqual({
      heading: 'Sub',
      candidates: [
        { path: 'A > Sub', line: 1, level: 2 },
        { path: 'B > Sub', line: 4, level: 2 },
      ],
    });
  });

  it('picks the heading by its path', () => {
    expect(replaceSection(duplicated, 'B > Sub', 'new b')).toBe(duplicated.replace('b text', 'new b'));
    expect(replaceSection(duplicated, 'a > sub', 'new a')).toBe(duplicated.replace('a text', 'new a'));
  });

  it('requires the level when the query is written with #s', () => {
    const text = '# Notes\nx\n## Notes\ny\n';
    expect(replaceSection(text, '## Notes', 'z')).toBe('# Notes\nx\n## Notes\nz\n');
    expect(thrownIndxError(() => replaceSection(text, '### Notes', 'z')).code).toBe('heading_not_found');
  });

  it('prefers an exact match over a case-insensitive one', () => {
    const text = '## Todo\na\n## TODO\nb\n';
    expect(replaceSection(text, 'TODO', 'c')).toBe('## Todo\na\n## TODO\nc\n');
    expect(thrownIndxError(() => replaceSection(text, 'todo', 'c')).code).toBe('heading_ambiguous');
  });

  it('ignores #-lines inside fenced code: they are not headings (as in Obsidian)', () => {
    const text = '# Real\n```sh\n# comment\n```\ntext\n';
    const error = thrownIndxError(() => renameHeading(text, 'comment', 'x'));
    expect(error.code).toBe('heading_not_found');
    expect(error.details['available']).toEqual([{ path: 'Real', line: 0, level: 1 }]);
    expect(replaceSection(text, 'Real', 'new')).toBe('# Real\nnew\n');
  });

  it('reports a note without headings', () => {
    const error = thrownIndxError(() => insertAfterHeading('plain text\n', 'Any', 'x'));
    expect(error.code).toBe('heading_not_found');
    expect(error.message).toContain('no headings');
  });
});

describe('replace_section', () => {
  it('replaces up to the next heading of the same level, subheadings included', () => {
    const result = replaceSection(note, 'Open questions', '- only question');
    expect(result).toBe(note.replace('- first question\n\n### Details\nDetail text.\n\n', '- only question\n\n'));
  });

  it('stops at a higher-level heading too', () => {
    expect(replaceSection(note, 'Details', 'New detail.')).toBe(note.replace('Detail text.\n', 'New detail.\n'));
  });

  it('runs to the end of the file for the last section', () => {
    expect(replaceSection(note, 'Decisions', 'Changed.\n\n\n')).toBe(note.replace('We decided.\n', 'Changed.\n'));
  });

  it('a top-level heading section covers everything below it', () => {
    expect(replaceSection(note, 'Spec', 'All new.')).toBe('---\nstatus: draft\n---\n# Spec\n\nAll new.\n');
  });

  it('keeps the original blank line after the heading and before the next heading', () => {
    const text = '## A\n\nold\n\n## B\n';
    expect(replaceSection(text, 'A', '\n\nnew\n')).toBe('## A\n\nnew\n\n## B\n');
    expect(replaceSection('## A\nold\n## B\n', 'A', 'new')).toBe('## A\nnew\n## B\n');
  });

  it('empty markdown clears the section, keeping one blank line before the next heading', () => {
    expect(replaceSection('## A\n\nold\n\n## B\n', 'A', '')).toBe('## A\n\n## B\n');
    expect(replaceSection('## A\nold\n', 'A', '')).toBe('## A\n');
  });

  it('uses CRLF for the new lines in a CRLF note', () => {
    const text = '# T\r\n\r\nold\r\n\r\n# U\r\nu\r\n';
    expect(replaceSection(text, 'T', 'new 1\nnew 2')).toBe('# T\r\n\r\nnew 1\r\nnew 2\r\n\r\n# U\r\nu\r\n');
  });
});

describe('rename_heading', () => {
  it('changes only the heading text and keeps the level', () => {
    expect(renameHeading(note, 'Open questions', 'Questions')).toBe(note.replace('## Open questions', '## Questions'));
  });

  it('keeps a trailing block id and closing #s', () => {
    expect(renameHeading('## Old ^h1\n', 'Old', 'New')).toBe('## New ^h1\n');
    expect(renameHeading('## Old ^h1\n', 'Old', 'New ^h1')).toBe('## New ^h1\n');
    expect(renameHeading('### Old ###\n', 'Old', 'New')).toBe('### New ###\n');
  });

  it('drops #s written in front of the new text instead of doubling them', () => {
    expect(renameHeading('## Old\n', '## Old', '## New')).toBe('## New\n');
  });

  it('renames a setext heading on its text line', () => {
    expect(renameHeading('Old\n---\nbody\n', 'Old', 'New')).toBe('New\n---\nbody\n');
  });

  it('returns identical text when renamed to the same text', () => {
    expect(renameHeading(note, 'Decisions', 'Decisions')).toBe(note);
  });

  it('refuses empty or multi-line new text', () => {
    expect(thrownIndxError(() => renameHeading(note, 'Decisions', '  ')).code).toBe('invalid_input');
    expect(thrownIndxError(() => renameHeading(note, 'Decisions', 'a\nb')).code).toBe('invalid_input');
  });
});
