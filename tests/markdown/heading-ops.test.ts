import fc from 'fast-check';
import type { IndxError } from '../../src/core/errors';
import { buildOutline } from '../../src/core/markdown/build-outline';
import { findHeading } from '../../src/core/markdown/find-heading';
import { insertAfterHeading, insertBeforeHeading } from '../../src/core/markdown/insert-at-heading';
import { renameHeading } from '../../src/core/markdown/rename-heading';
import { replaceSection } from '../../src/core/markdown/replace-section';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
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
        { path: 'A > Sub', line: 1, level: 2, query: 'A > Sub' },
        { path: 'B > Sub', line: 4, level: 2, query: 'B > Sub' },
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

describe('heading_ambiguous suggestions', () => {
  /** Resolves `query` in `text` and returns the 0-based line of the heading it names. */
  const lineOf = (text: string, query: string): number => findHeading(parseMetadata(text).headings, query).position.start.line;

  it('gives each candidate a query that resolves to it alone, even when a heading text contains " > "', () => {
    // `# In > Out` and `## Out` under `# In` both have the path "In > Out"; only the level or the
    // bare text tells them apart.
    const text = '# In > Out\ntext\n# In\n## Out\nsub\n';
    const error = thrownIndxError(() => replaceSection(text, 'In > Out', 'X'));
    expect(error.code).toBe('heading_ambiguous');
    expect(error.details['candidates']).toEqual([
      { path: 'In > Out', line: 0, level: 1, query: '# In > Out' },
      { path: 'In > Out', line: 3, level: 2, query: 'Out' },
    ]);
    expect(error.message).toContain('"# In > Out" (line 0)');
    expect(lineOf(text, '# In > Out')).toBe(0);
    expect(lineOf(text, 'Out')).toBe(3);
    expect(replaceSection(text, '# In > Out', 'X')).toBe('# In > Out\nX\n# In\n## Out\nsub\n');
  });

  it('says when duplicates under the same parent cannot be told apart and points to the lines', () => {
    const text = '# Log\n## Notes\na\n## Notes\nb\n# Other\n## Notes\nc\n';
    const error = thrownIndxError(() => replaceSection(text, 'Notes', 'x'));
    expect(error.details['candidates']).toEqual([
      { path: 'Log > Notes', line: 1, level: 2, query: null },
      { path: 'Log > Notes', line: 3, level: 2, query: null },
      { path: 'Other > Notes', line: 6, level: 2, query: 'Other > Notes' },
    ]);
    expect(error.message).toContain('lines 1, 3:');
    expect(error.message).toContain('note_outline');
    expect(lineOf(text, 'Other > Notes')).toBe(6);
  });

  it('prefers the heading whose text matches exactly over one that matches only without its ^id', () => {
    // Obsidian keeps ` ^id` in the heading text; the bare text still names the heading without one.
    const text = '## Notes ^n1\na\n## Notes\nb\n';
    expect(lineOf(text, 'Notes')).toBe(2);
    expect(lineOf(text, 'Notes ^n1')).toBe(0);
  });

  /** True when `path`, written as a query, is `ending` or ends with ` > ` and `ending` (spacing normalised). */
  const hasPathEnding = (path: readonly string[], ending: string): boolean => {
    const normalise = (text: string): string => text.split('>').map((part) => part.trim()).join(' > ');
    const written = normalise(path.join(' > '));
    return written === normalise(ending) || written.endsWith(` > ${normalise(ending)}`);
  };

  it('property: every suggested query resolves to its own candidate; null only when another heading shares the level and path', () => {
    const heading = fc.record({ level: fc.integer({ min: 1, max: 3 }), text: fc.constantFrom('A', 'B', 'a', 'A > B', 'B > A', 'A ^x', 'B ^x') });
    fc.assert(
      fc.property(fc.array(heading, { minLength: 2, maxLength: 9 }), fc.nat(), (headings, pick) => {
        const text = headings.map(({ level, text: title }) => `${'#'.repeat(level)} ${title}\nbody\n`).join('');
        const outline = buildOutline(parseMetadata(text).headings);
        const query = headings[pick % headings.length]!.text;
        let error: IndxError;
        try {
          findHeading(parseMetadata(text).headings, query);
          return;
        } catch (thrown: unknown) {
          error = thrown as IndxError;
        }
        if (error.code !== 'heading_ambiguous') throw error;
        for (const candidate of error.details['candidates'] as { line: number; level: number; path: string; query: string | null }[]) {
          if (candidate.query !== null) expect(lineOf(text, candidate.query)).toBe(candidate.line);
          else expect(outline.filter((entry) => entry.level === candidate.level && hasPathEnding(entry.path, candidate.path))).not.toHaveLength(1);
        }
      }),
      { seed: 20260504, numRuns: 400 },
    );
  });
});
