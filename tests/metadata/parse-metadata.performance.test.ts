import { parseMetadata } from '../../src/core/metadata/parse-metadata';

/** Milliseconds `parseMetadata` takes on `text`. */
function timeParse(text: string): number {
  const started = performance.now();
  parseMetadata(text);
  return performance.now() - started;
}

describe('parseMetadata performance', () => {
  // Vaults of 100k notes are parsed at startup: inputs built to trigger rescans (unclosed
  // brackets, backticks, dollars, comments, deep nesting) must stay linear. Each takes well
  // under 300 ms on a laptop; the bound is loose so slow CI machines do not flake, while a
  // quadratic scan (minutes at this size) still fails.
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

  it.each(adversarial)('stays fast on %s', (_name, text) => {
    expect(timeParse(text)).toBeLessThan(5000);
  });

  // A realistic note repeated to 2 MB parses in well under two seconds.
  it('parses a large ordinary note quickly', () => {
    const note = ['# Heading', '', 'Text with [[Link]], #tag, `code` and [md](x.md).', '', '- [ ] task #t', '    - child [[x|y]]', '> [!note] c', '> text', '', '```js', 'code #no', '```', ''].join('\n');
    expect(timeParse(note.repeat(Math.ceil(2e6 / note.length)))).toBeLessThan(5000);
  });
});
