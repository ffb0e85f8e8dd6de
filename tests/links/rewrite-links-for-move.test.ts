import { parseLinktext } from '../../src/core/metadata/linktext';
import { parseMetadata } from '../../src/core/metadata/parse-metadata';
import { resolveAfterMove, rewriteInVault, type MoveScenario } from './move-harness';

const PATHS = [
  'Notes/source.md',
  'Notes/sibling.md',
  'Folder/a.md',
  'Folder/a b.md',
  'Folder/x/deep.md',
  'img.png',
  'link.md',
];

/** Rewrites `text` held by Notes/source.md in the vault above. */
function rewrite(text: string, moves: Record<string, string>, overrides: Partial<MoveScenario> = {}): { text: string; changed: number } {
  return rewriteInVault({ paths: PATHS, moves, source: 'Notes/source.md', text, ...overrides });
}

const RENAME_A = { 'Folder/a.md': 'Folder/b.md' };

describe('rewriteLinksForMove: wikilinks and embeds', () => {
  it.each([
    ['[[a]]', '[[b]]'],
    ['[[a|Alias]]', '[[b|Alias]]'],
    ['[[a#Heading]]', '[[b#Heading]]'],
    ['[[a#^block-1]]', '[[b#^block-1]]'],
    ['[[a#Heading|Alias]]', '[[b#Heading|Alias]]'],
    ['![[a]]', '![[b]]'],
    ['![[a#^block-1]]', '![[b#^block-1]]'],
    // `.md` is kept when the old link spelled it out, and never added when it did not.
    ['[[a.md]]', '[[b.md]]'],
    ['[[Folder/a]]', '[[b]]'],
  ])('rewrites %s to %s when Folder/a.md is renamed to b.md', (link, expected) => {
    expect(rewrite(`See ${link} here.`, RENAME_A)).toEqual({ text: `See ${expected} here.`, changed: 1 });
  });

  it('keeps the escaped alias separator of a wikilink inside a table', () => {
    const text = '| col |\n| --- |\n| [[a\\|Alias]] |\n';
    expect(rewrite(text, RENAME_A).text).toBe('| col |\n| --- |\n| [[b\\|Alias]] |\n');
  });

  it('rewrites an image embed to the moved attachment, keeping its size suffix', () => {
    const moves = { 'img.png': 'Assets/photo.png' };
    expect(rewrite('![[img.png]] and ![[img.png|100x145]]', moves)).toEqual({ text: '![[photo.png]] and ![[photo.png|100x145]]', changed: 2 });
  });

  it('adds no alias to an unaliased wikilink', () => {
    expect(rewrite('[[a]]', { 'Folder/a.md': 'Folder/Renamed Note.md' }).text).toBe('[[Renamed Note]]');
  });
});

describe('rewriteLinksForMove: markdown links', () => {
  it('keeps `.md`, display text and the subpath', () => {
    expect(rewrite('[Text](a.md#Heading)', RENAME_A)).toEqual({ text: '[Text](b.md#Heading)', changed: 1 });
  });

  it('keeps a markdown link without `.md` without it', () => {
    expect(rewrite('[Text](a)', RENAME_A).text).toBe('[Text](b)');
  });

  it('percent-encodes the new path like the old one (`%20`)', () => {
    const moves = { 'Folder/a b.md': 'New Place/c d.md' };
    expect(rewrite('[t](Folder/a%20b.md#h)', moves)).toEqual({ text: '[t](c%20d.md#h)', changed: 1 });
  });

  it('percent-encodes a new path that needs it even when the old one had nothing to encode', () => {
    expect(rewrite('[t](a.md)', { 'Folder/a.md': 'Folder/with space.md' }).text).toBe('[t](with%20space.md)');
  });

  it('keeps the angle-bracket form unencoded', () => {
    const moves = { 'Folder/a b.md': 'New Place/c d.md' };
    expect(rewrite('[t](<Folder/a b.md>)', moves).text).toBe('[t](<c d.md>)');
  });

  it('keeps an embed of an image written as markdown', () => {
    expect(rewrite('![alt](img.png)', { 'img.png': 'Assets/photo.png' }).text).toBe('![alt](photo.png)');
  });

  it('keeps a relative link relative, recomputed from the note folder', () => {
    expect(rewrite('[t](../Folder/a.md)', RENAME_A).text).toBe('[t](../Folder/b.md)');
    expect(rewrite('[t](../Folder/a.md)', { 'Folder/a.md': 'Notes/sub/a.md' }).text).toBe('[t](./sub/a.md)');
  });

  it('keeps a title after the destination', () => {
    expect(rewrite('[t](a.md "Title")', RENAME_A).text).toBe('[t](b.md "Title")');
  });
});

describe('rewriteLinksForMove: folder moves (expanded by the caller into files)', () => {
  it('rewrites path-qualified links into the moved folder and leaves bare names that still resolve', () => {
    const moves = { 'Folder/a.md': 'Renamed/a.md', 'Folder/a b.md': 'Renamed/a b.md', 'Folder/x/deep.md': 'Renamed/x/deep.md' };
    const text = '[[Folder/x/deep]] [[deep]] [t](Folder/a%20b.md) [t](../Folder/a.md)';
    expect(rewrite(text, moves)).toEqual({ text: '[[deep]] [[deep]] [t](a%20b.md) [t](../Renamed/a.md)', changed: 3 });
  });
});

describe('rewriteLinksForMove: frontmatter links', () => {
  it('rewrites quoted wikilinks in a frontmatter value and list, leaving the rest of the YAML alone', () => {
    const text = '---\nrelated: "[[a]]" # comment\nlist:\n  - "[[a|Alias]]"\n  - \'[[sibling]]\'\nother: a\n---\nBody [[a]]\n';
    const expected = '---\nrelated: "[[b]]" # comment\nlist:\n  - "[[b|Alias]]"\n  - \'[[sibling]]\'\nother: a\n---\nBody [[b]]\n';
    expect(rewrite(text, RENAME_A)).toEqual({ text: expected, changed: 3 });
  });

  it('rewrites each of several identical links in one list (keys list.0, list.2)', () => {
    const text = '---\nlist: ["[[a]]", "[[sibling]]", "[[a]]"]\n---\n';
    expect(rewrite(text, RENAME_A)).toEqual({ text: '---\nlist: ["[[b]]", "[[sibling]]", "[[b]]"]\n---\n', changed: 2 });
  });

  it('rewrites a link in a nested property', () => {
    const text = '---\nparent:\n  child: "[[a#H]]"\n---\n';
    expect(rewrite(text, RENAME_A).text).toBe('---\nparent:\n  child: "[[b#H]]"\n---\n');
  });

  it('escapes the new path for the quote style of the value', () => {
    const text = "---\nrelated: '[[a]]'\n---\n";
    expect(rewrite(text, { 'Folder/a.md': "Folder/Bob's.md" }).text).toBe("---\nrelated: '[[Bob''s]]'\n---\n");
  });
});

describe('rewriteLinksForMove: the note that holds the links moves', () => {
  it('recomputes relative links from the new folder and keeps links that still resolve', () => {
    const moves = { 'Notes/source.md': 'Elsewhere/deeper/source.md' };
    const text = '[t](../Folder/a.md) [[a]] [[sibling]]';
    expect(rewrite(text, moves)).toEqual({ text: '[t](../../Folder/a.md) [[a]] [[sibling]]', changed: 1 });
  });

  it('rewrites a link to the note itself by name, but never a same-note link', () => {
    const moves = { 'Notes/source.md': 'Notes/renamed.md' };
    expect(rewrite('[[source#Top]] [[#Top]] [[#^block]] [t](#Top)', moves)).toEqual({ text: '[[renamed#Top]] [[#Top]] [[#^block]] [t](#Top)', changed: 1 });
  });

  it('moves the note and its target together', () => {
    const moves = { 'Notes/source.md': 'Archive/source.md', 'Notes/sibling.md': 'Archive/sibling.md' };
    expect(rewrite('[t](./sibling.md) [[sibling]]', moves)).toEqual({ text: '[t](./sibling.md) [[sibling]]', changed: 0 });
  });
});

describe('rewriteLinksForMove: what stays untouched', () => {
  it('leaves the bytes alone when the link text still resolves after the move', () => {
    const text = '[[a]] ![[a]] [t](a.md) [[Folder/x/deep]]';
    expect(rewrite(text, { 'Folder/a.md': 'Archive/a.md' })).toEqual({ text, changed: 0 });
  });

  it('resolves case-insensitively, as Obsidian does, and changes nothing that still resolves', () => {
    expect(rewrite('[[LINK]] [[Link#H]]', { 'link.md': 'Sub/link.md' })).toEqual({ text: '[[LINK]] [[Link#H]]', changed: 0 });
  });

  it('rewrites a link written in another case with the file name as it is now', () => {
    expect(rewrite('[[A]]', { 'Folder/a.md': 'Folder/B.md' }).text).toBe('[[B]]');
  });

  it('leaves unresolved links untouched', () => {
    expect(rewrite('[[missing]] [t](nowhere.md)', RENAME_A)).toEqual({ text: '[[missing]] [t](nowhere.md)', changed: 0 });
  });

  it('does not touch links inside code (the parser does not index them)', () => {
    const text = '`[[a]]` [[a]]\n\n```\n[[a]]\n```\n';
    expect(rewrite(text, RENAME_A)).toEqual({ text: '`[[a]]` [[b]]\n\n```\n[[a]]\n```\n', changed: 1 });
  });

  it('returns the text unchanged when nothing moved', () => {
    const text = '---\nup: "[[a]]"\n---\n[[a]] [t](../Folder/a%20b.md) ![[img.png]]';
    expect(rewrite(text, {})).toEqual({ text, changed: 0 });
  });
});

describe('rewriteLinksForMove: ambiguous names', () => {
  const paths = ['Notes/source.md', 'a.md', 'Other/a.md'];

  it('qualifies the link with a path when the bare name would reach another note', () => {
    const scenario = { paths, moves: { 'a.md': 'Archive/Deep/a.md' }, source: 'Notes/source.md', text: '[[a|A]] and [t](a.md)' };
    // After the move the bare name reaches Other/a.md (shortest path wins), so the link takes the
    // full path, as Obsidian's "shortest path when possible" format writes it (never a suffix).
    expect(rewriteInVault(scenario)).toEqual({ text: '[[Archive/Deep/a|A]] and [t](Archive/Deep/a.md)', changed: 2 });
  });

  it('qualifies a link to a note that did not move when a moved note now takes its bare name', () => {
    const scenario = { paths: ['Notes/source.md', 'Deep/x/a.md', 'Other/y/a.md'], moves: { 'Other/y/a.md': 'a.md' }, source: 'Notes/source.md', text: '[[a]]' };
    // Before: both are two folders deep and Deep/x/a.md sorts first; after: the root a.md is shortest.
    expect(rewriteInVault(scenario)).toEqual({ text: '[[Deep/x/a]]', changed: 1 });
  });

  it('drops the path qualification once the new name is unique', () => {
    const scenario = { paths, moves: { 'Other/a.md': 'Other/z.md' }, source: 'Notes/source.md', text: '[[Other/a]]' };
    expect(rewriteInVault(scenario)).toEqual({ text: '[[z]]', changed: 1 });
  });
});

describe('rewriteLinksForMove: every new link is read back before it is written', () => {
  /** Each body link of `text` as the parser reads it: its target after the move and its subpath. */
  function targets(text: string, moves: Record<string, string>): { target: string | null; subpath: string }[] {
    const cache = parseMetadata(text);
    return [...(cache.links ?? []), ...(cache.embeds ?? [])].map((reference) => {
      const { path, subpath } = parseLinktext(reference.link);
      return { target: resolveAfterMove({ paths: PATHS, moves }, path, 'Notes/source.md'), subpath };
    });
  }

  it.each([
    // `%` must be encoded in a markdown destination, or `%20` would decode to a space.
    ['Folder/50%20off.md', '[t](a.md#h) [[a#h]]', '[t](50%2520off.md#h) [[50%20off#h]]'],
    ['Folder/100% done.md', '[t](a.md) [[a]]', '[t](100%25%20done.md) [[100% done]]'],
    // Spaces: `%20` in a bare destination (which ends at a space), verbatim in wikilinks and `<…>`.
    ['Folder/two words.md', '[t](a.md) [t](<a.md>) [[a|x]]', '[t](two%20words.md) [t](<two words.md>) [[two words|x]]'],
    // Parentheses: kept when balanced (the destination still ends at the right `)`), else encoded.
    ['Folder/Note (draft).md', '[t](a.md) [[a]]', '[t](Note%20(draft).md) [[Note (draft)]]'],
    ['Folder/half(open.md', '[t](a.md "T") ![e](a.md)', '[t](half%28open.md "T") ![e](half%28open.md)'],
    ['Folder/close)first(.md', '[t](a.md)', '[t](close%29first%28.md)'],
    // `&` needs nothing: the parser reads no entities in destinations or wikilinks.
    ['Folder/Tom & Jerry.md', '[t](a.md) [[a]] [t](<a.md>)', '[t](Tom%20&%20Jerry.md) [[Tom & Jerry]] [t](<Tom & Jerry.md>)'],
    ['Folder/a&amp;b.md', '[t](a.md) [[a]]', '[t](a&amp;b.md) [[a&amp;b]]'],
  ])('moving Folder/a.md to %s rewrites %s to %s, each link reaching the new file', (destination, text, expected) => {
    const moves = { 'Folder/a.md': destination };
    const result = rewrite(text, moves);
    expect(result.text).toBe(expected);
    for (const link of targets(result.text, moves)) expect(link.target).toBe(destination);
    expect(targets(result.text, moves).map((link) => link.subpath)).toEqual(targets(text, {}).map((link) => link.subpath));
  });

  // Names Obsidian cannot link to (note_move refuses them): no candidate reads back as the same
  // link, so the link is left as it was instead of being turned into another link.
  it.each([
    ['Folder/x]]y.md', '[[a]] [[a#h|alias]]'],
    ['Folder/x|y.md', '[[a]]'],
    ['Folder/x#y.md', '[[a#h]]'],
    ['Folder/x]]y.md', '---\nup: "[[a]]"\n---\n'],
    // The parser decodes `%23` back to `#` before splitting off the subpath, so even the encoded
    // `[t](x%23y.md)` names the file `x`: no markdown link can reach a name with `#`.
    ['Folder/x#y.md', '[t](a.md#h) [t](<a.md>)'],
  ])('leaves a link alone when moving Folder/a.md to %s would make it read as another link', (destination, text) => {
    expect(rewrite(text, { 'Folder/a.md': destination })).toEqual({ text, changed: 0 });
  });
});
