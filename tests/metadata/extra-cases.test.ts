import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { getAllTags } from '../../src/core/metadata/tags';
import { loc, spanFromTo, spanOf } from './metadata-test-helpers';

const tagsOf = (text: string): string[] => (parseMetadata(text).tags ?? []).map((tag) => tag.tag);
const linksOf = (text: string): string[] => (parseMetadata(text).links ?? []).map((link) => link.link);

describe('positions', () => {
  // Obsidian positions count UTF-16 code units (JS string offsets): an emoji is two columns.
  it('counts astral characters as two UTF-16 units before tags and links', () => {
    const text = '😀 #tag [[note]] 🎉#no\n';
    const metadata = parseMetadata(text);
    expect(metadata.tags).toEqual([{ tag: '#tag', position: { start: { line: 0, col: 3, offset: 3 }, end: { line: 0, col: 7, offset: 7 } } }]);
    expect(metadata.links?.[0]?.position).toEqual({ start: { line: 0, col: 8, offset: 8 }, end: { line: 0, col: 16, offset: 16 } });
  });

  // Tag names may hold emoji (Obsidian allows any symbol outside the punctuation blocks).
  it('keeps emoji inside a tag name', () => {
    expect(tagsOf('#mood/😀 done')).toEqual(['#mood/😀']);
  });

  // Assumption (documented in parse-metadata.ts): a \r before \n belongs to the line break, so
  // CRLF notes have the same lines and columns as LF notes, while offsets count the \r.
  it('treats CRLF line breaks like LF and never ends a section on \\r', () => {
    const text = '# Title\r\n\r\n- a #t\r\n- b\r\n';
    const metadata = parseMetadata(text);
    expect(metadata.headings).toEqual([{ heading: 'Title', level: 1, position: { start: loc(text, 0), end: { line: 0, col: 7, offset: 7 } } }]);
    expect(metadata.sections?.[1]).toEqual({ type: 'list', position: { start: { line: 2, col: 0, offset: 11 }, end: { line: 3, col: 3, offset: 22 } } });
    expect(metadata.tags?.[0]?.position).toEqual({ start: { line: 2, col: 4, offset: 15 }, end: { line: 2, col: 6, offset: 17 } });
  });

  // CRLF frontmatter is recognised; its position ends after the closing --- (col 3).
  it('reads CRLF frontmatter', () => {
    const metadata = parseMetadata('---\r\ntags: [a]\r\n---\r\nbody\r\n');
    expect(metadata.frontmatter).toEqual({ tags: ['a'] });
    expect(metadata.frontmatterPosition?.end).toEqual({ line: 2, col: 3, offset: 19 });
  });
});

describe('byte order mark (U+FEFF)', () => {
  // Assumption (documented in byte-order-mark.ts and parse-metadata.ts): Obsidian reads a note
  // saved as "UTF-8 with BOM" with its properties, as if the invisible mark were not there. We
  // skip it for line 0's content but keep counting it: positions are offsets into the raw text.
  it('reads frontmatter after a leading BOM, its position starting after the mark', () => {
    const text = '\uFEFF---\ntitle: bom\ntags: [a]\n---\n# H #b\n';
    const metadata = parseMetadata(text);
    expect(metadata.frontmatter).toEqual({ title: 'bom', tags: ['a'] });
    expect(metadata.frontmatterLinks).toEqual([]);
    const position = { start: { line: 0, col: 1, offset: 1 }, end: { line: 3, col: 3, offset: text.indexOf('\n# H') } };
    expect(metadata.frontmatterPosition).toEqual(position);
    expect(metadata.sections?.[0]).toEqual({ type: 'yaml', position });
    expect(metadata.headings?.[0]?.position.start).toEqual(loc(text, text.indexOf('# H')));
    expect(getAllTags(metadata)).toEqual(['#a', '#b']);
  });

  it('reads a heading, list item or paragraph on line 0 after the mark, at column 1', () => {
    const heading = '\uFEFF# Title\n';
    expect(parseMetadata(heading).headings).toEqual([{ heading: 'Title', level: 1, position: { start: loc(heading, 1), end: loc(heading, 8) } }]);
    const list = '\uFEFF- item ^id\n';
    expect(parseMetadata(list).listItems).toEqual([{ parent: -1, id: 'id', position: { start: loc(list, 1), end: loc(list, 11) } }]);
    expect(parseMetadata('\uFEFFtext\n').sections).toEqual([{ type: 'paragraph', position: { start: loc('\uFEFFtext\n', 1), end: loc('\uFEFFtext\n', 5) } }]);
  });

  it('only skips a BOM at the very start: one later in the text, or a lone mark, changes nothing', () => {
    expect(parseMetadata('\uFEFF')).toEqual({});
    expect(parseMetadata('\n\uFEFF---\na: 1\n---\n').frontmatter).toBeUndefined();
    expect(parseMetadata('\uFEFF\uFEFF---\na: 1\n---\n').frontmatter).toBeUndefined();
  });
});

describe('tags', () => {
  // Tags in inline code, fenced code, indented code, math and HTML comments are not indexed.
  it('ignores tags in code, math and HTML comments', () => {
    const text = ['`#a` #real', '```', '#b', '```', '', '    #c', '', '$#d$ <!-- #e --> $$#f$$', '', '<!--', '#g', '-->', ''].join('\n');
    expect(tagsOf(text)).toEqual(['#real']);
  });

  // Captured in Obsidian 1.8.4 (obsidian-tasks comments_markdown_style): a %% block comment gets
  // a `comment` section and hides list items, yet the tags (and links) inside are indexed; an
  // inline %% comment is indexed too.
  it('indexes tags inside %% comments but no list items', () => {
    const text = 'Intro\n%%\n- [ ] #hidden-task\n%%\n\nText %% #inline [[target]] %% end\n';
    const metadata = parseMetadata(text);
    expect(tagsOf(text)).toEqual(['#hidden-task', '#inline']);
    expect(metadata.listItems).toBeUndefined();
    expect(metadata.sections?.map((section) => section.type)).toEqual(['paragraph', 'comment', 'paragraph']);
    expect(metadata.sections?.[1]?.position).toEqual(spanFromTo(text, '%%', '#hidden-task\n%%'));
    expect(linksOf(text)).toEqual(['target']);
  });

  // Help page: "#1984 isn't a valid tag, but #y1984 is".
  it('requires a non-digit in a tag', () => {
    expect(tagsOf('#1984 #y1984 #12/ab')).toEqual(['#y1984', '#12/ab']);
  });

  // Nested tags keep their slashes; the tag ends at punctuation Obsidian excludes.
  it('reads nested tags and stops at excluded punctuation', () => {
    expect(tagsOf('#a/b/c, #d.e #f:g #h-i_j')).toEqual(['#a/b/c', '#d', '#f', '#h-i_j']);
  });

  // A tag starts after whitespace or right after another construct (escape, tag, emphasis), not
  // inside a word: `foo#bar` holds no tag, `#a#b` holds two, `\[#c` one, `**#d**` one.
  it('starts tags only at word boundaries', () => {
    expect(tagsOf('foo#bar #a#b \\[#c **#d** x#y')).toEqual(['#a', '#b', '#c', '#d']);
  });

  // Links and tags inside headings are indexed; a #tag line without a space is no heading.
  it('indexes tags in headings and keeps "#tag" lines as paragraphs', () => {
    const metadata = parseMetadata('## Plan #work\n#todo\n');
    expect(metadata.headings?.map((heading) => heading.heading)).toEqual(['Plan #work']);
    expect(tagsOf('## Plan #work\n#todo\n')).toEqual(['#work', '#todo']);
  });

  // getAllTags: frontmatter tags first (with #), then body tags; [] when there are none.
  it('combines frontmatter and body tags', () => {
    expect(getAllTags(parseMetadata('---\ntags: [x, "#y"]\n---\n#z\n'))).toEqual(['#x', '#y', '#z']);
    expect(getAllTags(parseMetadata('plain'))).toEqual([]);
  });
});

describe('block structure', () => {
  // ATX headings drop a closing run of #; headings inside code fences are not headings.
  it('strips closing #s and ignores headings in code', () => {
    const metadata = parseMetadata('# Title ##\n\n```\n# not a heading\n```\n## Second #\n');
    expect(metadata.headings?.map((heading) => [heading.heading, heading.level])).toEqual([
      ['Title', 1],
      ['Second', 2],
    ]);
  });

  // Setext headings (CommonMark): a paragraph underlined with === or ---.
  it('reads setext headings', () => {
    const text = 'Big\n===\n\nSmall\n---\n';
    const metadata = parseMetadata(text);
    expect(metadata.headings).toEqual([
      { heading: 'Big', level: 1, position: spanFromTo(text, 'Big', '===') },
      { heading: 'Small', level: 2, position: spanFromTo(text, 'Small', '---') },
    ]);
  });

  // Nested callouts are one callout section; their list items are roots of their own list.
  it('handles nested callouts', () => {
    const text = '> [!note] Outer\n> > [!tip] Inner\n> > - [x] done #t\n';
    const metadata = parseMetadata(text);
    expect(metadata.sections).toEqual([{ type: 'callout', position: spanFromTo(text, '> [!note]', '#t') }]);
    expect(metadata.listItems).toEqual([{ parent: -2, task: 'x', position: spanFromTo(text, '- [x]', '#t') }]);
  });

  // A plain blockquote is a `blockquote` section.
  it('distinguishes blockquotes from callouts', () => {
    expect(parseMetadata('> quote\n').sections?.[0]?.type).toBe('blockquote');
  });

  // Footnote definitions get a footnoteDefinition section and a `footnotes` entry; references
  // `[^id]` go to `footnoteRefs`.
  it('reads footnotes and footnote references', () => {
    const text = 'Claim[^1] and more[^note].\n\n[^1]: Source with [[link]].\n';
    const metadata = parseMetadata(text);
    expect(metadata.footnoteRefs).toEqual([
      { id: '1', position: spanOf(text, '[^1]') },
      { id: 'note', position: spanOf(text, '[^note]') },
    ]);
    expect(metadata.footnotes).toEqual([{ id: '1', position: spanFromTo(text, '[^1]:', '[[link]].') }]);
    expect(metadata.sections?.[1]?.type).toBe('footnoteDefinition');
    expect(linksOf(text)).toEqual(['link']);
  });
});

describe('block ids', () => {
  // `- item ^id`: the list item carries the id, and blocks[id] covers the list item.
  it('puts a block id on a list item', () => {
    const text = '- first ^one\n- second\n  - child ^kid\n';
    const metadata = parseMetadata(text);
    expect(metadata.listItems?.map((item) => item.id)).toEqual(['one', undefined, 'kid']);
    expect(metadata.blocks?.one).toEqual({ id: 'one', position: spanOf(text, '- first ^one') });
    expect(metadata.blocks?.kid?.position).toEqual(spanFromTo(text, '- child', '^kid'));
  });

  // `text ^id` at the end of a paragraph names the paragraph section (all_link_types capture).
  it('puts a block id on a paragraph section', () => {
    const text = 'line one\nline two ^para\n';
    const metadata = parseMetadata(text);
    expect(metadata.sections).toEqual([{ type: 'paragraph', id: 'para', position: spanFromTo(text, 'line one', '^para') }]);
    expect(metadata.blocks).toEqual({ para: { id: 'para', position: spanFromTo(text, 'line one', '^para') } });
  });

  // Help page: for tables, lists, quotes and callouts the id goes on its own line after a blank
  // line; it then names that block (assumption: the ^id line stays its own paragraph section).
  it('gives a standalone id to the table above it', () => {
    const text = '| a | b |\n| - | - |\n| 1 | 2 |\n\n^table-id\n';
    const metadata = parseMetadata(text);
    expect(metadata.sections?.[0]).toEqual({ type: 'table', id: 'table-id', position: spanFromTo(text, '| a', '2 |') });
    expect(metadata.blocks?.['table-id']?.position).toEqual(spanFromTo(text, '| a', '2 |'));
  });

  // A caret inside a word or followed by text is no block id.
  it('ignores carets that are not trailing ids', () => {
    expect(parseMetadata('x^no\n\n^a b\n').blocks).toBeUndefined();
  });
});

describe('links', () => {
  // External URLs are not links; markdown links are URL-decoded; images are embeds.
  it('reads markdown links and embeds', () => {
    const text = '[web](https://x.org) [n](My%20Note.md#Part) [a](<with space.md>) ![img](pic.png) ![[doc.pdf#page=3]]\n';
    const metadata = parseMetadata(text);
    expect(metadata.links?.map((link) => [link.link, link.displayText])).toEqual([
      ['My Note.md#Part', 'n'],
      ['with space.md', 'a'],
    ]);
    expect(metadata.embeds?.map((embed) => [embed.link, embed.original])).toEqual([
      ['pic.png', '![img](pic.png)'],
      ['doc.pdf#page=3', '![[doc.pdf#page=3]]'],
    ]);
  });

  // `#` in a URL or link destination is not a tag.
  it('does not read tags from link destinations', () => {
    expect(tagsOf('[x](note.md#head) https://a.org/#frag <https://b.org/#c>')).toEqual([]);
  });

  // A wikilink cannot span lines or be empty; `[[a|b]]` uses the alias as display text.
  it('applies wikilink edge rules', () => {
    expect(linksOf('[[]] [[a\nb]] [[ok|Shown]]')).toEqual(['ok']);
    expect(parseMetadata('[[ok|Shown]]').links?.[0]?.displayText).toBe('Shown');
  });
});

describe('frontmatter', () => {
  // frontmatterLinks hold quoted wikilink values; list items get `key.index`.
  it('collects frontmatter links', () => {
    const metadata = parseMetadata('---\nup: "[[Parent|P]]"\nrelated:\n  - "[[A]]"\n  - plain\ntext: "see [[B]]"\n---\n');
    expect(metadata.frontmatterLinks).toEqual([
      { key: 'up', link: 'Parent', original: '[[Parent|P]]', displayText: 'P' },
      { key: 'related.0', link: 'A', original: '[[A]]', displayText: 'A' },
    ]);
  });

  // Empty, invalid or non-mapping YAML keeps the yaml section but gives no frontmatter keys
  // (empty_yaml capture; invalid YAML assumed to behave the same).
  it('drops frontmatter that is empty or invalid', () => {
    for (const yaml of ['', 'a: [b', 'a: 1\na: 2', '- list']) {
      const metadata = parseMetadata(`---\n${yaml}\n---\nbody\n`);
      expect(metadata.sections?.[0]?.type).toBe('yaml');
      expect(metadata.frontmatter).toBeUndefined();
      expect(metadata.frontmatterPosition).toBeUndefined();
      expect(metadata.frontmatterLinks).toBeUndefined();
    }
  });

  // Frontmatter must start on line 0 and be closed; otherwise the --- is a thematic break.
  it('needs an opening --- on line 0 and a closing ---', () => {
    expect(parseMetadata('---\na: 1\n').frontmatter).toBeUndefined();
    expect(parseMetadata('---\na: 1\n').sections?.[0]?.type).toBe('thematicBreak');
    expect(parseMetadata('\n---\na: 1\n---\n').frontmatter).toBeUndefined();
  });

  // Values keep YAML 1.2 core types: dates stay strings, empty values are null.
  it('keeps dates as strings and empty values as null', () => {
    expect(parseMetadata('---\nd: 2024-07-21\nn: 42\nb: true\ne:\n---\n').frontmatter).toEqual({ d: '2024-07-21', n: 42, b: true, e: null });
  });
});
