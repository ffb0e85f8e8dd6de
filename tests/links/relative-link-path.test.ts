import { toRelativeLinkPath } from '../../src/core/links/relative-link-path';

describe('toRelativeLinkPath', () => {
  it.each([
    ['', 'a.md', './a.md'],
    ['A', 'A/x.md', './x.md'],
    ['A', 'A/B/x.md', './B/x.md'],
    ['A/B', 'A/C/x.md', '../C/x.md'],
    ['A/B', 'x.md', '../../x.md'],
    ['A', 'AB/x.md', '../AB/x.md'],
  ])('from folder "%s" to %s gives %s', (from, target, expected) => {
    expect(toRelativeLinkPath(from, target)).toBe(expected);
  });
});
