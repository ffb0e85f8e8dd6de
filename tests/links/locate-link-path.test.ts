import { locateLinkPath } from '../../src/core/links/locate-link-path';

function pathOf(original: string): string | null {
  const span = locateLinkPath(original);
  return span === null ? null : original.slice(span.start, span.end);
}

describe('locateLinkPath', () => {
  it.each([
    ['[[a]]', 'a'],
    ['[[a|Alias]]', 'a'],
    ['[[Folder/a#Heading|Alias]]', 'Folder/a'],
    ['[[a#^block]]', 'a'],
    ['![[img.png|100x145]]', 'img.png'],
    ['![[doc.pdf#page=3]]', 'doc.pdf'],
    // In tables Obsidian writes the alias separator as `\|`.
    ['[[a\\|Alias]]', 'a'],
    ['[[ a ]]', 'a'],
  ])('finds the path of wikilink %s', (original, expected) => {
    expect(pathOf(original)).toBe(expected);
    expect(locateLinkPath(original)?.style).toBe('wikilink');
  });

  it.each([
    ['[t](a.md)', 'a.md', false],
    ['[t](Folder/a%20b.md#h)', 'Folder/a%20b.md', false],
    ['[t](<Folder/a b.md>)', 'Folder/a b.md', true],
    ['[t](<Folder/a b.md#h>)', 'Folder/a b.md', true],
    ['[t](../x/a.md "Title")', '../x/a.md', false],
    ['![alt](img.png)', 'img.png', false],
    ['[text [nested] \\] more](a.md)', 'a.md', false],
    ['[t](a(1).md)', 'a(1).md', false],
  ])('finds the destination path of markdown link %s', (original, expected, angle) => {
    expect(pathOf(original)).toBe(expected);
    expect(locateLinkPath(original)).toMatchObject({ style: 'markdown', angle });
  });

  it('gives an empty path for self links, so nothing is rewritten', () => {
    expect(pathOf('[[#Heading]]')).toBe('');
    expect(pathOf('[t](#Heading)')).toBe('');
  });

  it('rejects text that is not a link', () => {
    expect(locateLinkPath('plain')).toBeNull();
    expect(locateLinkPath('[[unclosed')).toBeNull();
    expect(locateLinkPath('[no destination]')).toBeNull();
  });
});
