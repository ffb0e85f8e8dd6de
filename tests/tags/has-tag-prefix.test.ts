import { hasTagPrefix } from '../../src/core/tags/has-tag-prefix';

describe('hasTagPrefix', () => {
  it('matches the tag itself and its nested children, ignoring case (Obsidian tags are case-insensitive)', () => {
    expect(hasTagPrefix('project', 'project')).toBe(true);
    expect(hasTagPrefix('Project', 'pROJECT')).toBe(true);
    expect(hasTagPrefix('project/alpha/x', 'project')).toBe(true);
    expect(hasTagPrefix('project/alpha', 'project/alpha')).toBe(true);
  });

  it('does not match a longer tag that merely starts with the same letters', () => {
    expect(hasTagPrefix('fromage', 'from')).toBe(false);
    expect(hasTagPrefix('pro', 'project')).toBe(false);
    expect(hasTagPrefix('project', 'project/alpha')).toBe(false);
  });
});
