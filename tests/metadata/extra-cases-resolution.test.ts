import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { LinkResolver } from '../../src/core/metadata/link-resolver';
import { countLinks } from '../../src/core/metadata/link-counts';
import { getLinkpath, parseLinktext } from '../../src/core/metadata/linktext';
import { parseFrontMatterAliases, parseFrontMatterTags } from '../../src/core/metadata/tags';

describe('LinkResolver (getFirstLinkpathDest)', () => {
  const vault = new LinkResolver([
    'Note.md',
    'Deep/Down/Note.md',
    'Projects/Alpha/Plan.md',
    'Projects/Beta/Plan.md',
    'Projects/Beta/Sub/Spec.md',
    'Archive/Plan.md',
    'Zeta/Plan.md',
    'Beta/Plan.md',
    'Attachments/diagram.png',
    'Boards/road.canvas',
    'Shared/readme.md',
  ]);

  // Ambiguous names resolve to the shortest path; equal lengths go to the first in code-unit order.
  it('picks the shortest path, then the first in sort order', () => {
    expect(vault.resolve('Note', 'Other/x.md')).toBe('Note.md');
    expect(vault.resolve('Plan', 'Other/x.md')).toBe('Beta/Plan.md');
  });

  // A path suffix narrows the candidates (`Alpha/Plan` only matches Projects/Alpha/Plan.md).
  it('matches path suffixes', () => {
    expect(vault.resolve('Alpha/Plan', 'x.md')).toBe('Projects/Alpha/Plan.md');
    expect(vault.resolve('Down/Note', 'x.md')).toBe('Deep/Down/Note.md');
  });

  // Resolution ignores case ([[liNk_in_YaMl]] capture) and .md is optional.
  it('ignores case and an omitted .md', () => {
    expect(vault.resolve('projects/beta/plan', 'x.md')).toBe('Projects/Beta/Plan.md');
    expect(vault.resolve('README.MD', 'x.md')).toBe('Shared/readme.md');
  });

  // A name relative to the source folder wins over a shorter match elsewhere.
  it('resolves plain relative paths from the source folder', () => {
    expect(vault.resolve('Plan', 'Projects/Beta/index.md')).toBe('Projects/Beta/Plan.md');
    expect(vault.resolve('Sub/Spec', 'Projects/Beta/index.md')).toBe('Projects/Beta/Sub/Spec.md');
  });

  // ./ and ../ resolve against the source folder only.
  it('resolves ./ and ../ paths', () => {
    expect(vault.resolve('../Alpha/Plan', 'Projects/Beta/index.md')).toBe('Projects/Alpha/Plan.md');
    expect(vault.resolve('./Sub/Spec.md', 'Projects/Beta/index.md')).toBe('Projects/Beta/Sub/Spec.md');
    expect(vault.resolve('./Note', 'Projects/Beta/index.md')).toBeNull();
    expect(vault.resolve('../../../x', 'a/b.md')).toBeNull();
  });

  // Attachments and other file types resolve by full name; an empty link path is the source.
  it('resolves attachments, canvases and self links', () => {
    expect(vault.resolve('diagram.png', 'x.md')).toBe('Attachments/diagram.png');
    expect(vault.resolve('road.canvas', 'x.md')).toBe('Boards/road.canvas');
    expect(vault.resolve('', 'Projects/Beta/index.md')).toBe('Projects/Beta/index.md');
    expect(vault.resolve('Plan#Heading', 'Other/x.md')).toBe('Beta/Plan.md');
    expect(vault.resolve('|', 'x.md')).toBeNull();
  });

  // add/remove keep the lookup maps in step.
  it('follows added and removed files', () => {
    const resolver = new LinkResolver(['a/Topic.md']);
    resolver.add('Topic.md');
    expect(resolver.resolve('topic', 'x.md')).toBe('Topic.md');
    resolver.remove('Topic.md');
    expect(resolver.has('Topic.md')).toBe(false);
    expect(resolver.resolve('topic', 'x.md')).toBe('a/Topic.md');
  });
});

describe('countLinks (resolvedLinks / unresolvedLinks)', () => {
  // Self links count against the source; unresolved keys are the link path without subpath,
  // so [[|]] and [[|#alias]] both give "|" and [t](pa#th/x.md) gives "pa" (captured vault).
  it('counts resolved, self and unresolved links like Obsidian', () => {
    const resolver = new LinkResolver(['Notes/Source.md', 'Target.md', 'img.png']);
    const text = '---\nup: "[[Target]]"\n---\n[[Target#h]] [[#Local]] [[|]] [[|#alias]] [t](pa#th/x.md) ![[img.png]] [[Missing#x]]\n';
    expect(countLinks('Notes/Source.md', parseMetadata(text), resolver)).toEqual({
      resolved: { 'Target.md': 2, 'Notes/Source.md': 1, 'img.png': 1 },
      unresolved: { '|': 2, pa: 1, Missing: 1 },
    });
  });

  // A link path such as __proto__ is an ordinary key.
  it('keeps odd keys as own properties', () => {
    const counts = countLinks('a.md', parseMetadata('[[__proto__]]'), new LinkResolver(['a.md']));
    expect(Object.keys(counts.unresolved)).toEqual(['__proto__']);
    expect(counts.unresolved.__proto__).toBe(1);
  });
});

describe('link text helpers', () => {
  // parseLinktext splits at the first #, the subpath keeps it.
  it('splits link text', () => {
    expect(parseLinktext('a/b#h#s')).toEqual({ path: 'a/b', subpath: '#h#s' });
    expect(parseLinktext('#^block')).toEqual({ path: '', subpath: '#^block' });
    expect(getLinkpath('note.md')).toBe('note.md');
  });
});

describe('frontmatter tags and aliases', () => {
  // Obsidian ≥1.9.4: a list gives #-prefixed tags, one scalar works, a comma string gives [].
  it('parses the tags property', () => {
    expect(parseFrontMatterTags({ tags: ['a', '#b', 'c/d', null, 'bad tag', 2024] })).toEqual(['#a', '#b', '#c/d']);
    expect(parseFrontMatterTags({ tags: 'single' })).toEqual(['#single']);
    expect(parseFrontMatterTags({ tags: 'a, b' })).toEqual([]);
    expect(parseFrontMatterTags({ tags: null })).toBeNull();
    expect(parseFrontMatterTags({ TAGS: ['x'] })).toBeNull();
    expect(parseFrontMatterTags(undefined)).toBeNull();
  });

  // aliases: a list of strings, or one string; null when absent or empty.
  it('parses the aliases property', () => {
    expect(parseFrontMatterAliases({ aliases: ['One', 2, '', null] })).toEqual(['One', '2']);
    expect(parseFrontMatterAliases({ aliases: 'Solo' })).toEqual(['Solo']);
    expect(parseFrontMatterAliases({ aliases: null })).toBeNull();
    expect(parseFrontMatterAliases({})).toBeNull();
  });
});
