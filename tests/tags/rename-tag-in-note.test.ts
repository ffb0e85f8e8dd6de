import { isIndxError } from '../../src/core/errors';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { renameTagInNote } from '../../src/core/tags/rename-tag-in-note';

function rename(text: string, from: string, to: string): { text: string; changed: number } {
  return renameTagInNote({ text, cache: parseMetadata(text), from, to });
}

describe('renameTagInNote: inline tags', () => {
  it('renames a tag where it is written', () => {
    expect(rename('Start #from and #from.\n', 'from', 'to')).toEqual({ text: 'Start #to and #to.\n', changed: 2 });
  });

  it('moves nested children along (Obsidian nests tags with `/`)', () => {
    expect(rename('#from/child #from/child/leaf #other/from', 'from', 'to')).toEqual({ text: '#to/child #to/child/leaf #other/from', changed: 2 });
  });

  it('renames a nested tag without touching its parent or siblings', () => {
    expect(rename('#a #a/b #a/b/c #a/bc', 'a/b', 'x')).toEqual({ text: '#a #x #x/c #a/bc', changed: 2 });
  });

  it('matches case-insensitively (Obsidian: "#tag and #TAG will be treated as identical") and writes `to` as given', () => {
    expect(rename('#FROM #From/Child', 'from', 'To')).toEqual({ text: '#To #To/Child', changed: 2 });
  });

  it('leaves a longer tag that only starts with the same letters alone', () => {
    expect(rename('#fromage #from', 'from', 'to')).toEqual({ text: '#fromage #to', changed: 1 });
  });

  it('accepts `from` and `to` with or without `#`', () => {
    expect(rename('#from', '#from', '#to').text).toBe('#to');
  });

  it('does not touch tags in inline or fenced code (Obsidian ignores them)', () => {
    const text = '`#from` #from\n\n```\n#from\n```\n';
    expect(rename(text, 'from', 'to')).toEqual({ text: '`#from` #to\n\n```\n#from\n```\n', changed: 1 });
  });

  it('renames a tag that follows other characters Obsidian lets a tag follow', () => {
    expect(rename('- [ ] task #from\n> quote #from', 'from', 'to').text).toBe('- [ ] task #to\n> quote #to');
  });
});

describe('renameTagInNote: frontmatter tags', () => {
  it('renames items of a block list and keeps comments and spacing', () => {
    const text = '---\ntitle: from\ntags:\n  - from   # main\n  - from/child\n  - fromage\n---\n#from\n';
    const expected = '---\ntitle: from\ntags:\n  - to   # main\n  - to/child\n  - fromage\n---\n#to\n';
    expect(rename(text, 'from', 'to')).toEqual({ text: expected, changed: 3 });
  });

  it('renames items of a flow list', () => {
    expect(rename('---\ntags: [alpha, From,  "from/x"]\n---\n', 'from', 'to').text).toBe('---\ntags: [alpha, to,  "to/x"]\n---\n');
  });

  it('renames a single scalar value', () => {
    expect(rename('---\ntags: from\n---\n', 'from', 'to').text).toBe('---\ntags: to\n---\n');
  });

  // parseFrontMatterTags reads only `tags` since Obsidian 1.9 dropped the singular `tag` key.
  it('leaves the singular `tag` key alone, which Obsidian no longer reads as tags', () => {
    const text = '---\ntag: from\n---\n#from\n';
    expect(rename(text, 'from', 'to')).toEqual({ text: '---\ntag: from\n---\n#to\n', changed: 1 });
  });

  // Obsidian 1.9.4+ reads no tag from a comma-separated string (`tags: a, b` gives []).
  it('leaves a `tags` value that is not one valid tag alone', () => {
    const text = '---\ntags: from/x, other\n---\n';
    expect(rename(text, 'from', 'to')).toEqual({ text, changed: 0 });
  });

  // parseFrontMatterTags takes only string values (and numbers, which are never valid tags).
  it('leaves non-string values alone, such as a YAML boolean', () => {
    const text = '---\ntags: [true, "true"]\n---\n';
    expect(rename(text, 'true', 'yes')).toEqual({ text: '---\ntags: [true, "yes"]\n---\n', changed: 1 });
  });

  // parseFrontMatterTags trims each value before dropping one `#`.
  it('renames a quoted value with outer spaces, keeping them', () => {
    expect(rename('---\ntags: [" #from/x "]\n---\n', 'from', 'to').text).toBe('---\ntags: [" #to/x "]\n---\n');
  });

  it('keeps quotes and a leading `#` inside the value', () => {
    const text = "---\ntags:\n  - \"#from\"\n  - '#from/child'\n---\n";
    expect(rename(text, 'from', 'to').text).toBe("---\ntags:\n  - \"#to\"\n  - '#to/child'\n---\n");
  });

  it('leaves other keys alone, including upper-case `TAGS` (not a tag key in Obsidian)', () => {
    const text = '---\nTAGS: [from]\nrelated: from\naliases: [from]\n---\n';
    expect(rename(text, 'from', 'to')).toEqual({ text, changed: 0 });
  });

  it('quotes a renamed plain value that YAML would otherwise read as something else', () => {
    expect(rename('---\ntags: [from, b]\n---\n', 'from', 'true').text).toBe('---\ntags: ["true", b]\n---\n');
  });

  it('leaves a duplicate when the new name is already listed (no unrelated bytes move)', () => {
    expect(rename('---\ntags: [from, to]\n---\n', 'from', 'to')).toEqual({ text: '---\ntags: [to, to]\n---\n', changed: 1 });
  });

  it('leaves frontmatter that does not parse as YAML alone', () => {
    const text = '---\ntags: [from\n---\n#from\n';
    expect(rename(text, 'from', 'to').text).toBe('---\ntags: [from\n---\n#to\n');
  });
});

describe('renameTagInNote: input checks', () => {
  it.each([['from', 'has space'], ['from', '1984'], ['', 'to'], ['from', '#'], ['from', 'a.b'], ['from', 'a\u2014b']])('rejects %j -> %j with invalid_input', (from, to) => {
    let caught: unknown;
    try {
      rename('#from', from, to);
    } catch (error) {
      caught = error;
    }
    expect(isIndxError(caught, 'invalid_input')).toBe(true);
  });

  // The parser indexes `#a·b`, `#€uro` and `#x×y`, so tag_list shows them; they must be renameable.
  it.each([['a·b', 'a-b'], ['€uro', 'euro'], ['x', 'x×y']])('accepts the parser-valid tag name in %s -> %s', (from, to) => {
    expect(rename(`#${from} #${from}/sub`, from, to)).toEqual({ text: `#${to} #${to}/sub`, changed: 2 });
  });

  it('counts nothing when the name does not change', () => {
    expect(rename('#from #from/x', 'from', 'from')).toEqual({ text: '#from #from/x', changed: 0 });
  });
});
