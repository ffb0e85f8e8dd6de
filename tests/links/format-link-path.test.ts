import { formatLinkPath } from '../../src/core/links/format-link-path';
import { locateLinkPath, type LinkPathSpan } from '../../src/core/links/locate-link-path';

function spanOf(original: string): LinkPathSpan {
  const span = locateLinkPath(original);
  if (span === null) throw new Error(`not a link: ${original}`);
  return span;
}

describe('formatLinkPath', () => {
  it('writes wikilink paths verbatim (Obsidian wikilinks are not URL-encoded)', () => {
    expect(formatLinkPath('New Folder/a b & (c) 50%', spanOf('[[a]]'))).toBe('New Folder/a b & (c) 50%');
  });

  it('percent-encodes spaces in a bare markdown destination, as Obsidian writes `%20`', () => {
    expect(formatLinkPath('New Folder/a b.md', spanOf('[t](a.md)'))).toBe('New%20Folder/a%20b.md');
    expect(formatLinkPath('New/a b.md', spanOf('[t](Old/a%20b.md)'))).toBe('New/a%20b.md');
  });

  it('encodes characters the URL decoder or escape reader would misread', () => {
    expect(formatLinkPath('50% off.md', spanOf('[t](a.md)'))).toBe('50%25%20off.md');
    expect(formatLinkPath('a\\_b.md', spanOf('[t](a.md)'))).toBe('a%5C_b.md');
  });

  // CommonMark: a bare destination may hold parentheses only when they are balanced.
  it('keeps balanced parentheses and encodes unbalanced ones', () => {
    expect(formatLinkPath('Note (draft).md', spanOf('[t](a.md)'))).toBe('Note%20(draft).md');
    expect(formatLinkPath('a(b.md', spanOf('[t](a.md)'))).toBe('a%28b.md');
    expect(formatLinkPath('a)b(c.md', spanOf('[t](a.md)'))).toBe('a%29b%28c.md');
  });

  it('leaves `&` as it is: the parser does not decode entities in a destination', () => {
    expect(formatLinkPath('Tom & Jerry.md', spanOf('[t](a.md)'))).toBe('Tom%20&%20Jerry.md');
  });

  it('keeps the angle-bracket form unencoded except where `<…>` or the URL decoder would misread it', () => {
    expect(formatLinkPath('New Folder/a b (c.md', spanOf('[t](<a b.md>)'))).toBe('New Folder/a b (c.md');
    expect(formatLinkPath('a%20b >.md', spanOf('[t](<a b.md>)'))).toBe('a%2520b %3E.md');
  });

  it('leaves non-ASCII letters readable', () => {
    expect(formatLinkPath('Café/Ü.md', spanOf('[t](a.md)'))).toBe('Café/Ü.md');
  });
});
