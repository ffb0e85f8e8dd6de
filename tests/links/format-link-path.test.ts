import { formatLinkPath } from '../../src/core/links/format-link-path';
import { locateLinkPath, type LinkPathSpan } from '../../src/core/links/locate-link-path';

function spanOf(original: string): LinkPathSpan {
  const span = locateLinkPath(original);
  if (span === null) throw new Error(`not a link: ${original}`);
  return span;
}

describe('formatLinkPath', () => {
  it('writes wikilink paths verbatim (Obsidian wikilinks are not URL-encoded)', () => {
    expect(formatLinkPath('New Folder/a b', spanOf('[[a]]'), 'a')).toBe('New Folder/a b');
  });

  it('percent-encodes spaces in a bare markdown destination, as Obsidian writes `%20`', () => {
    expect(formatLinkPath('New Folder/a b.md', spanOf('[t](a.md)'), 'a.md')).toBe('New%20Folder/a%20b.md');
    expect(formatLinkPath('New/a b.md', spanOf('[t](Old/a%20b.md)'), 'Old/a%20b.md')).toBe('New/a%20b.md');
  });

  it('encodes characters the URL decoder would misread', () => {
    expect(formatLinkPath('50% off.md', spanOf('[t](a.md)'), 'a.md')).toBe('50%25%20off.md');
  });

  it('keeps the angle-bracket form unencoded', () => {
    expect(formatLinkPath('New Folder/a b.md', spanOf('[t](<a b.md>)'), 'a b.md')).toBe('New Folder/a b.md');
  });

  it('keeps literal spaces when the old destination was written with them', () => {
    expect(formatLinkPath('New Folder/a b.md', spanOf('[t](a b.md)'), 'a b.md')).toBe('New Folder/a b.md');
  });

  it('leaves non-ASCII letters readable', () => {
    expect(formatLinkPath('Café/Ü.md', spanOf('[t](a.md)'), 'a.md')).toBe('Café/Ü.md');
  });
});
