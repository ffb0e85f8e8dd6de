import {
  composeNote,
  deleteFrontmatterValue,
  readFrontmatter,
  replaceFrontmatter,
  setFrontmatterValue,
} from '../../src/core/markdown/frontmatter-edit';
import { thrownIndxError } from './thrown-indx-error';

const commented = [
  '---',
  '# Properties for the project note',
  'title: "Launch plan" # shown in the header',
  'tags:',
  '  - project',
  '  - q3',
  '',
  '# review cadence',
  'status: draft',
  "owner: 'Ana'",
  '---',
  '# Body',
  '',
].join('\n');


describe('setFrontmatterValue', () => {
  it('rewrites only the changed key line and keeps its inline comment', () => {
    const result = setFrontmatterValue(commented, 'title', 'Launch plan v2');
    expect(result).toBe(commented.replace('title: "Launch plan" # shown', 'title: "Launch plan v2" # shown'));
  });

  it('keeps comment lines, blank lines, quoting and key order of untouched keys', () => {
    const result = setFrontmatterValue(commented, 'status', 'active');
    expect(result).toBe(commented.replace('status: draft', 'status: active'));
  });

  it('replaces a block list with a new list and leaves the following comment alone', () => {
    const result = setFrontmatterValue(commented, 'tags', ['project']);
    expect(result).toBe(commented.replace('tags:\n  - project\n  - q3\n', 'tags:\n  - project\n'));
  });

  it('appends a new key at the end of the block', () => {
    const result = setFrontmatterValue(commented, 'due', '2026-06-01');
    expect(result).toBe(commented.replace("owner: 'Ana'\n", "owner: 'Ana'\ndue: 2026-06-01\n"));
    expect(readFrontmatter(result)?.['due']).toBe('2026-06-01');
  });

  it('writes a nested object value as block YAML and reads it back', () => {
    const value = { reviewers: ['ana', 'bo'], meta: { rounds: 2, final: false } };
    const result = setFrontmatterValue(commented, 'review', value);
    expect(result).toContain('review:\n  reviewers:\n    - ana\n    - bo\n  meta:\n    rounds: 2\n    final: false\n---');
    expect(readFrontmatter(result)?.['review']).toEqual(value);
  });

  it('creates the frontmatter block in front of the body when the note has none', () => {
    expect(setFrontmatterValue('# Title\n\nText\n', 'status', 'draft')).toBe('---\nstatus: draft\n---\n# Title\n\nText\n');
    expect(setFrontmatterValue('', 'n', 3)).toBe('---\nn: 3\n---\n');
  });

  it('uses CRLF for the created block and the new key when the note uses CRLF', () => {
    expect(setFrontmatterValue('# T\r\nText\r\n', 'a', [1, 2])).toBe('---\r\na:\r\n  - 1\r\n  - 2\r\n---\r\n# T\r\nText\r\n');
    const crlf = '---\r\nx: 1\r\n---\r\nBody\r\n';
    expect(setFrontmatterValue(crlf, 'y', 'two')).toBe('---\r\nx: 1\r\ny: two\r\n---\r\nBody\r\n');
    expect(setFrontmatterValue(crlf, 'x', 5)).toBe('---\r\nx: 5\r\n---\r\nBody\r\n');
  });

  it('quotes strings YAML would otherwise read as another type, so they read back as strings', () => {
    const result = setFrontmatterValue('---\n---\n', 'version', '1.10');
    expect(result).toBe('---\nversion: "1.10"\n---\n');
    expect(readFrontmatter(result)).toEqual({ version: '1.10' });
  });

  it('writes null as an empty property, as Obsidian does', () => {
    expect(setFrontmatterValue('---\na: 1\n---\n', 'a', null)).toBe('---\na:\n---\n');
  });

  it('treats keys case-sensitively (Status and status are two properties)', () => {
    const result = setFrontmatterValue('---\nStatus: old\n---\n', 'status', 'new');
    expect(result).toBe('---\nStatus: old\nstatus: new\n---\n');
  });

  it('keeps the original key quoting when a quoted key is changed', () => {
    expect(setFrontmatterValue('---\n"my key": 1\nz: 2\n---\n', 'my key', 2)).toBe('---\n"my key": 2\nz: 2\n---\n');
  });

  it('changes nothing when the key already has the value', () => {
    const text = '---\ndate: 2024-01-05 # kept as written\nlist: [a, b]\n---\n';
    expect(setFrontmatterValue(text, 'date', '2024-01-05')).toBe(text);
    expect(setFrontmatterValue(text, 'list', ['a', 'b'])).toBe(text);
  });

  it('follows a column-0 list style already used in the file', () => {
    const text = '---\naliases:\n- One\n---\n';
    expect(setFrontmatterValue(text, 'tags', ['x'])).toBe('---\naliases:\n- One\ntags:\n- x\n---\n');
  });

  it('falls back to editing the YAML Document for JSON-style frontmatter', () => {
    const result = setFrontmatterValue('---\n{ "tags": "journal" }\n---\nBody\n', 'mood', 'ok');
    expect(readFrontmatter(result)).toEqual({ tags: 'journal', mood: 'ok' });
    expect(result.endsWith('\n---\nBody\n')).toBe(true);
  });

  it('refuses invalid YAML with frontmatter_invalid and leaves the choice to the caller', () => {
    expect(thrownIndxError(() => setFrontmatterValue('---\na: [1,\nb: 2\n---\n', 'c', 1)).code).toBe('frontmatter_invalid');
    expect(thrownIndxError(() => setFrontmatterValue('---\na: 1\na: 2\n---\n', 'c', 1)).code).toBe('frontmatter_invalid');
  });

  it('refuses unusable keys and undefined values with invalid_input', () => {
    expect(thrownIndxError(() => setFrontmatterValue(commented, '', 1)).code).toBe('invalid_input');
    expect(thrownIndxError(() => setFrontmatterValue(commented, ' status', 1)).code).toBe('invalid_input');
    expect(thrownIndxError(() => setFrontmatterValue(commented, 'status', undefined)).code).toBe('invalid_input');
  });
});

describe('deleteFrontmatterValue', () => {
  it('removes the key with its whole value and keeps the comment lines above it', () => {
    const result = deleteFrontmatterValue(commented, 'tags');
    expect(result).toBe(commented.replace('tags:\n  - project\n  - q3\n', ''));
    expect(result).toContain('# review cadence\nstatus: draft');
  });

  it('removes a key with an inline comment together with its comment', () => {
    expect(deleteFrontmatterValue(commented, 'title')).toBe(commented.replace('title: "Launch plan" # shown in the header\n', ''));
  });

  it('keeps an empty --- block when the last key goes', () => {
    expect(deleteFrontmatterValue('---\na: 1\n---\nBody\n', 'a')).toBe('---\n---\nBody\n');
  });

  it('is a no-op for an absent key or a note without frontmatter (safe to retry)', () => {
    expect(deleteFrontmatterValue(commented, 'nope')).toBe(commented);
    expect(deleteFrontmatterValue('# Just a body\n', 'a')).toBe('# Just a body\n');
  });

  it('deletes a multi-line block scalar entirely', () => {
    const text = '---\nsummary: |\n  line one\n  line two\nnext: 1\n---\n';
    expect(deleteFrontmatterValue(text, 'summary')).toBe('---\nnext: 1\n---\n');
  });
});

describe('readFrontmatter', () => {
  it('returns null without frontmatter, {} for an empty block, data otherwise', () => {
    expect(readFrontmatter('# Title\n')).toBeNull();
    expect(readFrontmatter('---\n---\nBody')).toEqual({});
    expect(readFrontmatter(commented)).toEqual({ title: 'Launch plan', tags: ['project', 'q3'], status: 'draft', owner: 'Ana' });
  });

  it('reads YAML 1.2 scalars as Obsidian stores them (dates stay strings)', () => {
    expect(readFrontmatter('---\nd: 2020-08-21\nn: 7\nb: true\ne:\n---\n')).toEqual({ d: '2020-08-21', n: 7, b: true, e: null });
  });

  it('fails with frontmatter_invalid when the block is not a mapping', () => {
    expect(thrownIndxError(() => readFrontmatter('---\n- a\n- b\n---\n')).code).toBe('frontmatter_invalid');
  });
});

describe('composeNote', () => {
  it('writes a frontmatter block then the body', () => {
    expect(composeNote({ title: 'A', tags: ['x', 'y'], empty: null }, '# A\n')).toBe('---\ntitle: A\ntags:\n  - x\n  - y\nempty:\n---\n# A\n');
  });

  it('gives the body alone for no or empty frontmatter', () => {
    expect(composeNote(undefined, 'Body\n')).toBe('Body\n');
    expect(composeNote({}, 'Body\n')).toBe('Body\n');
  });

  it('follows the body line ending', () => {
    expect(composeNote({ a: 1 }, 'x\r\ny\r\n')).toBe('---\r\na: 1\r\n---\r\nx\r\ny\r\n');
  });

  it('refuses a body that already has its own frontmatter', () => {
    expect(thrownIndxError(() => composeNote({ a: 1 }, '---\nb: 2\n---\nBody\n')).code).toBe('invalid_input');
  });
});

describe('replaceFrontmatter', () => {
  it('keeps untouched keys byte-identical, edits changed ones in place, appends new, removes missing', () => {
    const result = replaceFrontmatter(commented, { title: 'Launch plan', tags: ['project', 'q3'], status: 'active', priority: 1 });
    expect(result).toBe(commented.replace('status: draft', 'status: active').replace("owner: 'Ana'\n", 'priority: 1\n'));
  });

  it('creates a block for a note without frontmatter and removes the block for an empty object', () => {
    expect(replaceFrontmatter('Body\n', { a: 1 })).toBe('---\na: 1\n---\nBody\n');
    expect(replaceFrontmatter('---\na: 1\n---\nBody\n', {})).toBe('Body\n');
  });

  it('replaces a block whose YAML is invalid instead of failing, since every property is given', () => {
    expect(replaceFrontmatter('---\na: [1,\n---\nBody\n', { a: [1] })).toBe('---\na:\n  - 1\n---\nBody\n');
  });
});

describe('frontmatter edits that would break YAML anchors', () => {
  // Obsidian shows no properties at all when the YAML has an alias without its anchor, so an
  // edit that would leave one is refused and the note stays as it was.
  const anchored = '---\nbase: &b\n  x: 1\nderived: *b\nlist:\n  - *b\n  - plain\nother: 1\n---\nBody\n';

  it('refuses to delete or change a key whose anchor other keys use, naming them', () => {
    for (const edit of [() => deleteFrontmatterValue(anchored, 'base'), () => setFrontmatterValue(anchored, 'base', 5)]) {
      const error = thrownIndxError(edit);
      expect(error.code).toBe('frontmatter_invalid');
      expect(error.details).toEqual({ key: 'base', reason: 'anchor in use by derived, list', used_by: ['derived', 'list'] });
      expect(error.message).toContain('The note is unchanged');
    }
  });

  it('edits the keys that use the anchor, and then the anchor itself once nothing uses it', () => {
    const step1 = setFrontmatterValue(anchored, 'derived', 'own value');
    expect(step1).toBe(anchored.replace('derived: *b', 'derived: own value'));
    const step2 = deleteFrontmatterValue(step1, 'list');
    const step3 = deleteFrontmatterValue(step2, 'base');
    expect(step3).toBe('---\nderived: own value\nother: 1\n---\nBody\n');
    expect(readFrontmatter(step3)).toEqual({ derived: 'own value', other: 1 });
  });

  it('edits an unrelated key of a note that uses anchors, and keeps setting the same value a no-op', () => {
    expect(setFrontmatterValue(anchored, 'other', 2)).toBe(anchored.replace('other: 1', 'other: 2'));
    expect(setFrontmatterValue(anchored, 'base', { x: 1 })).toBe(anchored);
  });

  it('refuses the same breakage in flow-style (JSON) frontmatter rewritten as a whole', () => {
    const flow = '---\n{ base: &b [1, 2], derived: *b }\n---\n';
    expect(thrownIndxError(() => deleteFrontmatterValue(flow, 'base')).details['reason']).toBe('anchor in use by derived');
  });

  it('still lets a broken alias be deleted, since that repairs the block', () => {
    expect(deleteFrontmatterValue('---\nderived: *gone\na: 1\n---\n', 'derived')).toBe('---\na: 1\n---\n');
  });

  it('replaceFrontmatter edits users before anchors, and rewrites the block when anchors make that impossible', () => {
    expect(replaceFrontmatter(anchored, { other: 1 })).toBe('---\nother: 1\n---\nBody\n');
    const rewritten = replaceFrontmatter(anchored, { base: 5, derived: { x: 1 }, list: [{ x: 1 }, 'plain'], other: 1 });
    expect(readFrontmatter(rewritten)).toEqual({ base: 5, derived: { x: 1 }, list: [{ x: 1 }, 'plain'], other: 1 });
    expect(rewritten.endsWith('---\nBody\n')).toBe(true);
  });
});

describe('frontmatter edits on a note that starts with a byte order mark', () => {
  // Editors on Windows save "UTF-8 with BOM"; the mark must stay the very first character and the
  // frontmatter after it must be edited in place, never buried under a second block.
  const bom = '\uFEFF';
  const withBlock = `${bom}---\ntitle: bom\n---\n# Body\n`;

  it('reads the properties after the mark', () => {
    expect(readFrontmatter(withBlock)).toEqual({ title: 'bom' });
  });

  it('sets and deletes inside the existing block', () => {
    expect(setFrontmatterValue(withBlock, 'title', 'new')).toBe(`${bom}---\ntitle: new\n---\n# Body\n`);
    expect(setFrontmatterValue(withBlock, 'status', 'draft')).toBe(`${bom}---\ntitle: bom\nstatus: draft\n---\n# Body\n`);
    expect(deleteFrontmatterValue(withBlock, 'title')).toBe(`${bom}---\n---\n# Body\n`);
  });

  it('creates a new block after the mark when there is none', () => {
    expect(setFrontmatterValue(`${bom}# Body\n`, 'a', 1)).toBe(`${bom}---\na: 1\n---\n# Body\n`);
    expect(composeNote({ a: 1 }, `${bom}Body\r\n`)).toBe(`${bom}---\r\na: 1\r\n---\r\nBody\r\n`);
  });

  it('replaces or removes the block and keeps the mark first', () => {
    expect(replaceFrontmatter(withBlock, { title: 'bom', n: 2 })).toBe(`${bom}---\ntitle: bom\nn: 2\n---\n# Body\n`);
    expect(replaceFrontmatter(withBlock, {})).toBe(`${bom}# Body\n`);
    expect(replaceFrontmatter(`${bom}---\na: [1,\n---\nBody\n`, { a: 1 })).toBe(`${bom}---\na: 1\n---\nBody\n`);
    expect(replaceFrontmatter(`${bom}Body\n`, { a: 1 })).toBe(`${bom}---\na: 1\n---\nBody\n`);
  });

  it('refuses a body with its own BOM-prefixed block next to a frontmatter object', () => {
    expect(thrownIndxError(() => composeNote({ a: 1 }, withBlock)).code).toBe('invalid_input');
  });
});
