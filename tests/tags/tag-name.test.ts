import fc from 'fast-check';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { isValidTagName, normalizeTag } from '../../src/core/tags/tag-name';

describe('normalizeTag', () => {
  it('strips one leading # and outer whitespace', () => {
    expect(normalizeTag('#project')).toBe('project');
    expect(normalizeTag('  #Project/Alpha ')).toBe('Project/Alpha');
    expect(normalizeTag('plain')).toBe('plain');
  });
});

/** The whole of `#name` read as one tag by the parser: what Obsidian indexes. */
function parserReadsWholeTag(name: string): boolean {
  return parseMetadata(`#${name}`).tags?.[0]?.tag === `#${name}`;
}

describe('isValidTagName', () => {
  it.each(['tag', 'y1984', 'inbox/to-read', 'snake_case', 'Ünïcödé', '日本語', '🚀', 'emoji🚀/x', '👍🏽', 'a-b_c/d'])('accepts %s', (name) => {
    expect(isValidTagName(name)).toBe(true);
  });

  // Obsidian's tag pattern (obsidianmd/obsidian-help#816) excludes only whitespace, ASCII
  // punctuation other than `_-/` and U+2000–U+206F / U+2E00–U+2E7F, so these symbols are tags:
  // tag_list reports them, and tag_rename must accept them.
  it.each(['a·b', '€uro', 'x×y'])('accepts %s, a symbol outside the excluded blocks', (name) => {
    expect(isValidTagName(name)).toBe(true);
    expect(parserReadsWholeTag(name)).toBe(true);
  });

  // The parser indexes slashes anywhere (`#/lead`, `#a//b`), and a slash counts as a non-digit.
  it.each(['12/34', '/lead', 'trail/', 'a//b'])('accepts %s, which the parser indexes whole', (name) => {
    expect(isValidTagName(name)).toBe(true);
    expect(parserReadsWholeTag(name)).toBe(true);
  });

  // Obsidian docs: "#1984 isn't a valid tag", "Tags can't contain blank spaces". The zero-width
  // joiner of `👩‍💻` is U+200D, inside the excluded General Punctuation block: `#👩‍💻` gives `#👩`.
  it.each(['', '1984', 'has space', 'dot.ted', 'comma,', 'a#b', 'q?', 'x:y', '[x]', '👩‍💻', 'a\u2014b'])('rejects %s', (name) => {
    expect(isValidTagName(name)).toBe(false);
  });

  it('agrees with the parser on every name: valid exactly when `#name` is read as one whole tag', () => {
    const characters = fc.constantFrom(...'aZ09_-/·€×#.,:;!?()[]{}\'"`%&*+=<>@^|~\\ \t\u00a0\u200d\u2014\u2e3a\u3000日🚀é'.split(''), '👍🏽', '🚀');
    const names = fc.array(characters, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(fc.property(names, (name) => isValidTagName(name) === parserReadsWholeTag(name)), { seed: 1909, numRuns: 2000 });
  });
});
