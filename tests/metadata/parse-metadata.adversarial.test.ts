import { parseMetadata } from '../../src/core/metadata/parse-metadata';

/** Parses `text` and checks every section lies inside it (the parse finished and is sane). */
function parseWithinBounds(text: string): boolean {
  const sections = parseMetadata(text).sections ?? [];
  return sections.every((section) => section.position.start.offset <= section.position.end.offset && section.position.end.offset <= text.length);
}

// No timing assertion here (timings belong in benchmarks): each input takes well under 300 ms,
// while a quadratic rescan at this size takes minutes and trips the per-test timeout below.
const HANG_GUARD_MS = 30_000;

describe('parseMetadata on adversarial inputs', () => {
  // Vaults of 100k notes are parsed at startup: inputs built to trigger rescans (unclosed
  // brackets, backticks, dollars, comments, deep nesting) must stay linear.
  const adversarial: Array<[string, string]> = [
    ['unclosed wikilinks', '[['.repeat(100_000)],
    ['unclosed brackets', '['.repeat(200_000)],
    ['unmatched code spans', '`a'.repeat(100_000)],
    ['unclosed math', '$a '.repeat(70_000)],
    ['unclosed html', '<a '.repeat(70_000)],
    ['unclosed link destinations', '[a]('.repeat(50_000)],
    ['tags glued together', '#a'.repeat(100_000)],
    ['comment markers', '%%\n'.repeat(70_000)],
    ['math markers', '$$\n'.repeat(70_000)],
    ['deep quotes', '>'.repeat(20_000)],
    ['deep bullets', '- '.repeat(20_000)],
    ['lazy quote', `> a\n${'b\n'.repeat(100_000)}`],
    ['long table', `| a | b |\n| - | - |\n${'| 1 | 2 |\n'.repeat(50_000)}`],
  ];

  it.each(adversarial)('finishes on %s', (_name, text) => {
    expect(parseWithinBounds(text)).toBe(true);
  }, HANG_GUARD_MS);

  // A realistic note repeated to 2 MB.
  it('finishes on a large ordinary note', () => {
    const note = ['# Heading', '', 'Text with [[Link]], #tag, `code` and [md](x.md).', '', '- [ ] task #t', '    - child [[x|y]]', '> [!note] c', '> text', '', '```js', 'code #no', '```', ''].join('\n');
    expect(parseWithinBounds(note.repeat(Math.ceil(2e6 / note.length)))).toBe(true);
  }, HANG_GUARD_MS);
});
