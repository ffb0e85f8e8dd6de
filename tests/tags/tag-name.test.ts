import { isValidTagName, normalizeTag } from '../../src/core/tags/tag-name';

describe('normalizeTag', () => {
  it('strips one leading # and outer whitespace', () => {
    expect(normalizeTag('#project')).toBe('project');
    expect(normalizeTag('  #Project/Alpha ')).toBe('Project/Alpha');
    expect(normalizeTag('plain')).toBe('plain');
  });
});

describe('isValidTagName', () => {
  it.each(['tag', 'y1984', 'inbox/to-read', 'snake_case', 'Ünïcödé', '日本語', '🚀', 'emoji🚀/x', '👩‍💻', '👍🏽', 'a-b_c/d'])('accepts %s', (name) => {
    expect(isValidTagName(name)).toBe(true);
  });

  // Obsidian docs: "#1984 isn't a valid tag", "Tags can't contain blank spaces".
  it.each(['', '1984', '12/34', 'has space', 'dot.ted', 'comma,', 'a#b', '/lead', 'trail/', 'a//b', 'q?', 'x:y', '[x]'])('rejects %s', (name) => {
    expect(isValidTagName(name)).toBe(false);
  });
});
